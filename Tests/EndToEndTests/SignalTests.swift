// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM and SIGINT end every command promptly with 143 / 130, after writing what finished
/// (issue 30): replay, `check --capture`, listen and advertise (which exited 0 before), and the
/// commands that have nothing finished to write (they exit at once).
@Suite("SIGTERM and SIGINT end every command", .serialized)
struct SignalTests {
    /// A btsnoop file of `count` iBeacon reports `step` seconds apart (a long replay: each hour
    /// of it ranges every second), with a simulation marker claiming `markerDuration` first if given.
    static func capture(count: Int, step: Int64, markerDuration: Int64? = nil, in folder: URL) throws -> String {
        func record(_ microseconds: Int64, _ bytes: [UInt8]) -> [UInt8] {
            var header: [UInt8] = []
            for value in [UInt32(bytes.count), UInt32(bytes.count), 3, 0] {
                header += withUnsafeBytes(of: value.bigEndian, Array.init)
            }
            return header + withUnsafeBytes(of: (microseconds + 0x00dc_ddb3_0f2f_8000).bigEndian, Array.init) + bytes
        }
        let uuid: [UInt8] = [0x49, 0x4E, 0x54, 0x45, 0x4C, 0x4C, 0x49, 0x5F, 0x52, 0x4F, 0x43, 0x4B, 0x53, 0x5F, 0x48, 0x57]
        let advertising: [UInt8] = [0x02, 0x01, 0x06, 0x1A, 0xFF, 0x4C, 0x00, 0x02, 0x15] + uuid + [0, 1, 0, 2, 0xC5]
        let report: [UInt8] =
            [0x02, 1, 0x03, 0x00] + [UInt8](repeating: 0, count: 6) + [UInt8(advertising.count)]
            + advertising + [0xC0]
        let event: [UInt8] = [0x04, 0x3E, UInt8(report.count)] + report
        let start: Int64 = 1_700_000_000_000_000
        var bytes = Array("btsnoop".utf8) + [0, 0, 0, 0, 1, 0, 0, 0x03, 0xEA]
        if let markerDuration {
            let parameters =
                Array("BeaconSim".utf8) + [1] + withUnsafeBytes(of: markerDuration.littleEndian, Array.init)
                + [UInt8](repeating: 7, count: 8)
            bytes += record(start, [0x04, 0xFF, UInt8(parameters.count)] + parameters)
        }
        for index in 0..<count { bytes += record(start + Int64(index) * step * 1_000_000, event) }
        let path = folder.appendingPathComponent("capture.log").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Starts `beaconsim arguments`, collecting stdout and stderr.
    final class Running {
        let process = Process()
        let out = Pipe()
        let err = Pipe()

        init(_ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = arguments
            process.currentDirectoryURL = CLI.root
            process.standardOutput = out
            process.standardError = err
            try process.run()
        }

        /// Sends `signal`, then waits for the exit: (status, stdout, stderr).
        func stop(with signal: Int32) -> (status: Int32, stdout: String, stderr: String) {
            kill(process.processIdentifier, signal)
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (
                process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus,
                String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)
            )
        }
    }

    /// The only results folder below `root` holding `file`.
    static func folder(below root: URL, holding file: String) throws -> URL {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent == file { found.append(url.deletingLastPathComponent()) }
        }
        return try #require(found.count == 1 ? found.first : nil, "\(found)")
    }

    static func manifest(_ folder: URL) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
                as? [String: Any])
    }

    @Test(
        "replay: SIGTERM writes the replay so far (interrupted in the manifest) and exits 143; SIGINT 130",
        arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func replay(signal: Int32, status: Int32) throws {
        let out = try CLI.temporaryDirectory()
        // 740 reports an hour apart: a replay of about 720 h, minutes of work even in a release build.
        let capture = try Self.capture(count: 740, step: 3_500, in: out)
        let running = try Running([
            "replay", capture, "--scenario", CLI.fixture("replay-phone.yaml"), "--out", out.path,
        ])
        Thread.sleep(forTimeInterval: 3)
        let ended = running.stop(with: signal)
        #expect(ended.status == status, "\(ended.stderr)")
        let folder = try Self.folder(below: out, holding: "manifest.json")
        #expect(try Self.manifest(folder)["interrupted"] as? Bool == true)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("timeline.jsonl").path))
        #expect(ended.stderr.contains("interrupted"), "\(ended.stderr)")
    }

    @Test("check --capture: SIGTERM writes the finished replications (none here) and exits 143")
    func checkCapture() throws {
        let out = try CLI.temporaryDirectory()
        let capture = try Self.capture(count: 740, step: 3_500, in: out)
        let running = try Running([
            "check", CLI.fixture("replay-phone.yaml"), "--capture", capture, "--replications", "4", "--threads", "1",
            "--out", out.path,
        ])
        Thread.sleep(forTimeInterval: 3)
        let ended = running.stop(with: SIGTERM)
        #expect(ended.status == 143, "\(ended.stderr)")
        let manifest = try Self.manifest(try Self.folder(below: out, holding: "replications.jsonl"))
        #expect(manifest["interrupted"] as? Bool == true)
    }

    @Test(
        "a marker claiming 720 h + 1 ns or the longest duration in a 2-report file replays the file's own span, with or without --offset (no trap)",
        arguments: [Int64(720 * 3_600_000_000_000 + 1), Int64.max])
    func boundedMarker(duration: Int64) throws {
        let out = try CLI.temporaryDirectory()
        let capture = try Self.capture(count: 2, step: 1, markerDuration: duration, in: out)
        for extra in [[], ["--offset", "1s"]] {
            let output = try CLI.run(
                ["replay", capture, "--scenario", CLI.fixture("replay-phone.yaml"), "--out", out.path] + extra)
            #expect(output.status == 0, "\(output.stderr)")
            // The file spans 1 s after the marker: the replay lasts that (+ the offset), not 720 h.
            #expect(output.stdout.contains(extra.isEmpty ? ": 1.0 s simulated" : ": 2.0 s simulated"), "\(output.stdout)")
        }
    }

    /// Found by the mutation experiment (issue 30): a marked capture whose last record is years
    /// after its marker made `check --capture` run on and `replay` blame a `--duration` nobody gave.
    @Test("a marker that the file's timestamps stretch past 720 h is a located capture error, in replay and check")
    func markerStretchedPastTheLongestSpan() throws {
        let out = try CLI.temporaryDirectory()
        // Two reports 31 days apart after a marker claiming the longest duration.
        let capture = try Self.capture(count: 2, step: 31 * 86_400, markerDuration: Int64.max, in: out)
        for command in [
            ["replay", capture, "--scenario", CLI.fixture("replay-phone.yaml"), "--out", out.path],
            ["check", CLI.fixture("replay-phone.yaml"), "--capture", capture, "--replications", "2", "--out", out.path],
        ] {
            let output = try CLI.run(command)
            #expect(output.status == 2, "\(command[0]): \(output.stderr)")
            #expect(output.stderr.contains("simulation marker at byte offset 16"), "\(output.stderr)")
            #expect(output.stderr.contains("744 h, more than the longest simulated span (720 h)"), "\(output.stderr)")
            #expect(!output.stderr.contains("--duration"), "\(output.stderr)")
        }
    }

    /// A fake controller for `listen` / `advertise` over `tcp-server`: connects, answers every HCI
    /// command with Command Complete (status 0), and keeps the connection open.
    static let controller = """
        socket, sys, time = __import__("socket"), __import__("sys"), __import__("time")
        port = int(sys.argv[1])
        for _ in range(200):
            try:
                s = socket.create_connection(("127.0.0.1", port)); break
            except OSError:
                time.sleep(0.05)
        def read(n):
            data = b""
            while len(data) < n:
                chunk = s.recv(n - len(data))
                if not chunk: sys.exit(0)
                data += chunk
            return data
        while True:
            kind = read(1)[0]
            if kind != 1: sys.exit(0)
            header = read(3)
            read(header[2])
            s.sendall(bytes([4, 0x0E, 4, 1, header[0], header[1], 0]))
        """

    static func freePort() -> Int { Int.random(in: 20_000..<60_000) }

    @Test(
        "listen and advertise: SIGTERM ends the session cleanly with 143 (listen writes its manifest), SIGINT 130",
        arguments: [("listen", SIGTERM, Int32(143)), ("listen", SIGINT, Int32(130)), ("advertise", SIGTERM, Int32(143))])
    func live(command: String, signal: Int32, status: Int32) throws {
        let out = try CLI.temporaryDirectory()
        let port = Self.freePort()
        let transport = "tcp-server:127.0.0.1:\(port)"
        let arguments =
            command == "listen"
            ? ["listen", "--transport", transport, "--scenario", CLI.fixture("replay-phone.yaml"), "--out", out.path]
            : ["advertise", "--transport", transport, CLI.fixture("base.yaml")]
        let running = try Running(arguments)
        let fake = Process()
        fake.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        fake.arguments = ["python3", "-c", Self.controller, String(port)]
        try fake.run()
        defer { fake.terminate() }
        Thread.sleep(forTimeInterval: 3)
        let ended = running.stop(with: signal)
        #expect(ended.status == status, "\(ended.stdout) \(ended.stderr)")
        if command == "listen" {
            let manifest = try Self.manifest(try Self.folder(below: out, holding: "manifest.json"))
            #expect(manifest["stoppedBy"] as? String == "signal")
        }
    }

    @Test("a command with nothing finished to write (run) exits at once with 143 on SIGTERM")
    func immediate() throws {
        let out = try CLI.temporaryDirectory()
        let scenario = try ResultsSafetyTests.scenario(duration: "240h", in: out)
        let running = try Running(["run", scenario, "--out", out.path])
        Thread.sleep(forTimeInterval: 2)
        // Without the handler the process would die of the signal (no exit status at all).
        let ended = running.stop(with: SIGTERM)
        #expect(ended.status == 143, "\(ended.stderr)")
    }
}
