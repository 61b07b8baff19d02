// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `replay` of the horizon74 btsnoop capture and `run --capture` read back by tshark.
@Suite("beaconsim replay and run --capture")
struct ReplayAndCaptureTests {
    static let horizon = CLI.path("Tests/HCICaptureTests/Fixtures/horizon74-btsnoop-h4-legacy-ibeacon.log")

    func resultsFolder(_ output: CLI.Output) throws -> URL {
        #expect(output.status == 0, "\(output.stderr)")
        let line = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix("Results: ") })
        return URL(fileURLWithPath: String(line.dropFirst("Results: ".count).split(separator: " ")[0]))
    }

    func lines(_ url: URL) throws -> [[String: Any]] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("the capture's iBeacon enters the region after its first report and exits ~30 s after its last")
    func replayHorizon() throws {
        let out = try CLI.temporaryDirectory()
        let folder = try resultsFolder(
            try CLI.run([
                "replay", Self.horizon, "--scenario", CLI.fixture("replay-phone.yaml"), "--offset", "20s",
                "--out", out.path,
            ]))
        let timeline = try lines(folder.appendingPathComponent("timeline.jsonl"))
        let enter = try #require(timeline.first { $0["event"] as? String == "didEnterRegion" })
        let exit = try #require(timeline.first { $0["event"] as? String == "didExitRegion" })
        let first = try #require(enter["firstPacketAt"] as? Double)
        let last = try #require(exit["lastPacketAt"] as? Double)
        #expect(abs(first - 20.000296) < 0.001)
        #expect(try #require(enter["t"] as? Double) >= first)
        #expect(abs(last - 32.099555) < 0.001)
        let exitTime = try #require(exit["t"] as? Double)
        #expect(exitTime - last > 20 && exitTime - last < 45)
        #expect(timeline.contains { ($0["beacons"] as? [[String: Any]])?.first?["major"] as? Int == 20594 })
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
                as? [String: Any])
        #expect(manifest["command"] as? String == "replay")
        #expect(manifest["captureSHA256"] as? String == "81aa70f2a1cc9ca421be07fe0210f99f96f13465a1a1233a659fb06180a62965")
        #expect(manifest["packetsReceived"] as? Int == 11)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("metrics.json").path))
    }

    @Test("replay rejects an unknown phone and a damaged capture with exit code 2")
    func replayErrors() throws {
        let out = try CLI.temporaryDirectory()
        let phone = try CLI.run([
            "replay", Self.horizon, "--scenario", CLI.fixture("replay-phone.yaml"), "--phone", "nope",
            "--out", out.path,
        ])
        #expect(phone.status == 2)
        #expect(phone.stderr.contains("no phone named 'nope'"))
        let damaged = out.appendingPathComponent("cut.log")
        try Data(try Data(contentsOf: URL(fileURLWithPath: Self.horizon)).prefix(1000)).write(to: damaged)
        let cut = try CLI.run(["replay", damaged.path, "--scenario", CLI.fixture("replay-phone.yaml"), "--out", out.path])
        #expect(cut.status == 2)
        #expect(cut.stderr.contains("byte offset"))
    }

    /// Runs tshark on `file` with a display filter and fields; nil when tshark is missing.
    func tshark(_ file: String, filter: String, fields: [String]) throws -> [String]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tshark", "-r", file, "-Y", filter, "-T", "fields"] + fields.flatMap { ["-e", $0] }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test(
        "run --capture writes btsnoop and pcapng that tshark decodes: one report per received packet",
        arguments: ["btsnoop", "pcapng"])
    func captureReadBack(format: String) throws {
        let out = try CLI.temporaryDirectory()
        let file = out.appendingPathComponent("phone.\(format)").path
        let folder = try resultsFolder(
            try CLI.run(["run", CLI.fixture("base.yaml"), "--seed", "3", "--capture", file, "--out", out.path]))
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
                as? [String: Any])
        let received = try #require(manifest["packetsReceived"] as? Int)
        #expect(received > 0)
        #expect(manifest["captureReports"] as? Int == received)
        let reports = try #require(
            try tshark(file, filter: "bthci_evt.le_meta_subevent == 0x02", fields: ["frame.time_epoch", "bthci_evt.rssi"]),
            "tshark is not installed (scripts/setup.sh test installs it)")
        #expect(reports.count == received)
        let rssi = reports.compactMap { $0.split(separator: "\t").last.flatMap { Int($0) } }
        #expect(rssi.count == received)
        #expect(rssi.prefix(5).allSatisfy { (-110)...(-20) ~= $0 })
        #expect(reports.first?.hasPrefix("1767225600.") == true)
        // tshark's RSSI agree with beaconsim's own reader of the file.
        let inspect = try CLI.run(["inspect", file, "--json"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
        let beacon = try #require((summary["beacons"] as? [[String: Any]])?.first)
        #expect(beacon["rssiMin"] as? Int == rssi.min())
        #expect(beacon["rssiMax"] as? Int == rssi.max())
        #expect(beacon["frames"] as? Int == received)
        let commands = try #require(try tshark(file, filter: "bthci_cmd.opcode == 0x200c", fields: ["bthci_cmd.le_scan_enable"]))
        #expect(commands.first?.hasSuffix("1") == true)
        // The same seed gives the same bytes.
        let again = out.appendingPathComponent("again.\(format)").path
        _ = try resultsFolder(
            try CLI.run(["run", CLI.fixture("base.yaml"), "--seed", "3", "--capture", again, "--out", out.path]))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(contentsOf: URL(fileURLWithPath: again)))
    }

    @Test(
        "replay of a run's capture reproduces the run's entry and exit with no options (origin, duration and seed travel in the file)",
        arguments: ["btsnoop", "pcapng"])
    func replayOfOwnCapture(format: String) throws {
        let out = try CLI.temporaryDirectory()
        let file = out.appendingPathComponent("phone.\(format)").path
        let run = try resultsFolder(
            try CLI.run(["run", CLI.path("Scenarios/retail-store.yaml"), "--seed", "3", "--capture", file, "--out", out.path]))
        let replay = try resultsFolder(
            try CLI.run(["replay", file, "--scenario", CLI.path("Scenarios/retail-store.yaml"), "--out", out.path]))
        let events = { (folder: URL) in
            try self.lines(folder.appendingPathComponent("timeline.jsonl")).filter {
                ["didEnterRegion", "didExitRegion"].contains($0["event"] as? String ?? "")
            }
        }
        let ran = try events(run)
        let replayed = try events(replay)
        #expect(ran.count == 2 && replayed.count == ran.count, "\(replayed)")
        for (a, b) in zip(ran, replayed) {
            #expect(a["event"] as? String == b["event"] as? String)
            // The capture keeps microseconds: the replay agrees to within them.
            let (ta, tb) = (try #require(a["t"] as? Double), try #require(b["t"] as? Double))
            #expect(abs(ta - tb) < 2e-6, "\(a) vs \(b)")
        }
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: replay.appendingPathComponent("manifest.json")))
                as? [String: Any])
        #expect(manifest["seed"] as? Int == 3)
        #expect(manifest["durationSeconds"] as? Double == 720)
    }

    @Test("turning Bluetooth off and on writes Scan Enable 0, then Scan Parameters and Scan Enable 1; no reports in between")
    func scanChanges() throws {
        let out = try CLI.temporaryDirectory()
        let file = out.appendingPathComponent("bt.pcapng").path
        _ = try resultsFolder(
            try CLI.run(["run", CLI.fixture("bluetooth-toggle.yaml"), "--capture", file, "--out", out.path]))
        let enables = try #require(
            try tshark(file, filter: "bthci_cmd.opcode == 0x200c", fields: ["frame.time_relative", "bthci_cmd.le_scan_enable"]))
        let summary: [String] = enables.map { line in
            let fields = line.split(separator: "\t")
            return fields.count == 2 ? "\(fields[0].prefix(3)) \(fields[1].suffix(1))" : line
        }
        #expect(summary == ["0.0 1", "3.0 0", "6.0 1"])
        let times = try #require(
            try tshark(file, filter: "bthci_evt.le_meta_subevent == 0x02", fields: ["frame.time_relative"])
        )
        .compactMap(Double.init)
        #expect(!times.isEmpty)
        #expect(!times.contains { $0 > 3 && $0 < 6 })
    }
}
