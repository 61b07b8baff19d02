// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `check --keep-timelines`, `check --capture` and `replay`'s claims.
@Suite("Kept timelines and claims on captures")
struct KeepTimelinesTests {
    static let capture = "Tests/HCICaptureTests/Fixtures/horizon74-btsnoop-h4-legacy-ibeacon.log"

    /// The results folder a check printed (the folder of its check.json).
    static func folder(_ output: CLI.Output) throws -> URL {
        let line = try #require(output.stdout.split(separator: "\n").first { $0.hasSuffix("check.json") })
        let path = try #require(line.split(separator: " ").last.map(String.init))
        return URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    @Test("failing: the violating replications' timelines equal `run --replication K`'s, and the report links them")
    func failing() throws {
        let out = try CLI.temporaryDirectory()
        let check = try CLI.run([
            "check", CLI.fixture("rerun.yaml"), "--seed", "5", "--keep-timelines", "failing", "--out", out.path,
        ])
        #expect(check.status == 1, "\(check.stderr)")
        let folder = try Self.folder(check)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("check.json")))
                as? [String: Any])
        let claims = try #require(json["claims"] as? [[String: Any]])
        let violating = Set(
            claims.flatMap { ($0["conditions"] as? [[String: Any]]) ?? [] }
                .flatMap { ($0["violations"] as? [[String: Any]]) ?? [] }.compactMap { $0["replication"] as? Int })
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("timelines").path)
        #expect(Set(kept) == Set(violating.map { "replication-\($0)" }) && !kept.isEmpty)
        let replication = try #require(violating.min())
        let run = try CLI.run([
            "run", CLI.fixture("rerun.yaml"), "--seed", "5", "--replication", String(replication), "--out", out.path,
        ])
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("Results: ") })
        let runFolder = try #require(line.dropFirst("Results: ".count).split(separator: " ").first.map(String.init))
        let keptFolder = folder.appendingPathComponent("timelines/replication-\(replication)")
        for file in ["timeline.jsonl", "metrics.json"] {
            #expect(
                try Data(contentsOf: keptFolder.appendingPathComponent(file))
                    == Data(contentsOf: URL(fileURLWithPath: runFolder).appendingPathComponent(file)), "\(file)")
        }
        let report = try CLI.run(["report", folder.path])
        #expect(report.status == 0, "\(report.stderr)")
        let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("Kept replications (\(kept.count))"))
        #expect(html.contains("href=\"timelines/replication-\(replication)/timeline.jsonl\""))
        #expect(FileManager.default.fileExists(atPath: keptFolder.appendingPathComponent("report.html").path))
        // The kept report has no track to draw the floor plan from: it gives the command that re-runs it with one.
        let keptHTML = try String(contentsOf: keptFolder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(
            keptHTML.contains(
                "<code>beaconsim run \(CLI.fixture("rerun.yaml")) --seed 5 --replication \(replication) --report</code>"))
    }

    @Test("all: every replication; none when the option is absent; a bad value exits 2")
    func all() throws {
        let out = try CLI.temporaryDirectory()
        let all = try CLI.run([
            "check", CLI.fixture("base.yaml"), "--replications", "3", "--keep-timelines", "all", "--out", out.path,
        ])
        #expect(all.status == 0, "\(all.stderr)")
        let kept = try FileManager.default.contentsOfDirectory(
            atPath: Self.folder(all).appendingPathComponent("timelines").path)
        #expect(kept.sorted() == ["replication-0", "replication-1", "replication-2"])
        let none = try CLI.run(["check", CLI.fixture("base.yaml"), "--replications", "2", "--out", out.path])
        #expect(!FileManager.default.fileExists(atPath: try Self.folder(none).appendingPathComponent("timelines").path))
        let bad = try CLI.run(["check", CLI.fixture("base.yaml"), "--keep-timelines", "some", "--out", out.path])
        #expect(bad.status == 2 && bad.stderr.contains("--keep-timelines takes failing or all"), "\(bad.stderr)")
    }

    @Test("check --capture evaluates the claims about the replayed phone; replay reproduces a failing replication")
    func capture() throws {
        let out = try CLI.temporaryDirectory()
        let check = try CLI.run([
            "check", CLI.fixture("replay-claims.yaml"), "--capture", Self.capture, "--replications", "6", "--out", out.path,
        ])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("SKIP  other/treadmill entries"))
        #expect(check.stdout.contains("PASS  iphone/treadmill  exits  mean = 1.0"))
        let folder = try Self.folder(check)
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
                as? [String: Any])
        #expect((manifest["captureSHA256"] as? String)?.count == 64 && manifest["phone"] as? String == "iphone")
        let rerun = try #require(check.stdout.split(separator: "\n").first { $0.contains("re-run: ") })
        let command = String(try #require(rerun.components(separatedBy: "re-run: ").last))
        let words = command.split(separator: " ").map(String.init)
        #expect(Array(words.prefix(2)) == ["beaconsim", "replay"])
        let worst = try #require(check.stdout.split(separator: "\n").first { $0.contains("violated by") })
        let value = try #require(worst.components(separatedBy: "worst first: ").last?.split(separator: "(").dropFirst().first)
        let replay = try CLI.run(Array(words.dropFirst()) + ["--out", out.path])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("FAIL  iphone/treadmill  exitLatencyFromLastPacket  max = \(value.prefix { $0 != ")" })"))
    }
}
