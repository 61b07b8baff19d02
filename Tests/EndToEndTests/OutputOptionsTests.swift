// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `run`'s output options and the `outputs:` key: every combination is a results folder the report
/// reads; gzip holds the plain bytes; the compact forms are cut from the full ones.
@Suite("run: outputs a person can size")
struct OutputOptionsTests {
    /// mall-1h (one walker ranging 200 beacons) cut to one simulated minute.
    static func mallMinute(in folder: URL, phones: Int = 1, outputs: String = "") throws -> String {
        var text = try String(contentsOfFile: CLI.path("Scenarios/bench/mall-1h.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "duration: 3600s", with: "duration: 60s")
        if phones > 1, let range = text.range(of: "phones:\n") {
            let block = String(text[range.upperBound...])
            text =
                String(text[..<range.upperBound])
                + (0..<phones).map { block.replacingOccurrences(of: "name: walker", with: "name: walker\($0)") }.joined()
        }
        let scenario = folder.appendingPathComponent("mall-\(phones)-\(outputs.utf8.count).yaml")
        try (text + outputs).write(to: scenario, atomically: true, encoding: .utf8)
        return scenario.path
    }

    func run(_ arguments: [String], out: URL) throws -> URL {
        let output = try CLI.run(["run"] + arguments + ["--out", out.path])
        #expect(output.status == 0, "\(output.stderr)")
        let line = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix("Results: ") })
        return URL(fileURLWithPath: line.dropFirst("Results: ".count).split(separator: " ").first.map(String.init) ?? "")
    }

    func files(_ folder: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") })
    }

    func gunzip(_ file: URL) throws -> Data {
        let output = try CLI.execute("/usr/bin/env", ["gzip", "-dc", file.path])
        #expect(output.status == 0)
        return Data(output.stdout.utf8)
    }

    func lines(_ data: Data) -> [String] { String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init) }

    @Test("each combination of the options writes its files, and the report reads every one")
    func combinations() throws {
        let out = try CLI.temporaryDirectory()
        let scenario = try Self.mallMinute(in: out)
        let cases: [([String], Set<String>)] = [
            ([], ["timeline.jsonl", "track.jsonl", "plan.json"]),
            (["--compress", "gzip"], ["timeline.jsonl.gz", "track.jsonl.gz", "plan.json"]),
            (["--ranging", "count", "--track", "changes"], ["timeline.jsonl", "track.jsonl", "plan.json"]),
            (["--no-timeline", "--track", "off"], []),
            (
                [
                    "--ranging", "off", "--track-interval", "5s", "--track", "changes", "--track-rssi-threshold=-70",
                    "--compress", "gzip",
                ],
                ["timeline.jsonl.gz", "track.jsonl.gz", "plan.json"]
            ),
            (
                ["--track", "changes", "--track-rssi-threshold=-75", "--track-heard", "threshold"],
                ["timeline.jsonl", "track.jsonl", "plan.json"]
            ),
        ]
        for (options, expected) in cases {
            let folder = try run([scenario] + options, out: out)
            #expect(try files(folder) == expected.union(["metrics.json", "metrics.csv", "manifest.json"]), "\(options)")
            let report = try CLI.run(["report", folder.path])
            #expect(report.status == 0, "\(options): \(report.stderr)")
            let page = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
            #expect(page.contains("Latencies"), "\(options)")
            #expect(page.contains("Floor plan") == expected.contains("plan.json"), "\(options)")
        }
    }

    @Test("gzip holds the plain bytes; count and changes are cut from the full lines; metrics do not change")
    func sameContent() throws {
        let out = try CLI.temporaryDirectory()
        let scenario = try Self.mallMinute(in: out)
        let plain = try run([scenario], out: out)
        let gzip = try run([scenario, "--compress", "gzip"], out: out)
        let compact = try run(
            [scenario, "--ranging", "count", "--track", "changes", "--track-rssi-threshold", "-70"], out: out)
        let timeline = try Data(contentsOf: plain.appendingPathComponent("timeline.jsonl"))
        let track = try Data(contentsOf: plain.appendingPathComponent("track.jsonl"))
        #expect(try gunzip(gzip.appendingPathComponent("timeline.jsonl.gz")) == timeline)
        #expect(try gunzip(gzip.appendingPathComponent("track.jsonl.gz")) == track)
        for folder in [gzip, compact] {
            #expect(
                try Data(contentsOf: folder.appendingPathComponent("metrics.json"))
                    == Data(contentsOf: plain.appendingPathComponent("metrics.json")))
        }
        // A count line is the full line with its list replaced by the list's length.
        let full = lines(timeline).filter { $0.contains("didRangeBeacons") }
        let counted = lines(try Data(contentsOf: compact.appendingPathComponent("timeline.jsonl")))
            .filter { $0.contains("didRangeBeacons") }
        #expect(full.count == counted.count && !full.isEmpty)
        for (line, count) in zip(full, counted) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let short = try #require(try JSONSerialization.jsonObject(with: Data(count.utf8)) as? [String: Any])
            #expect((object["beacons"] as? [Any])?.count == short["beaconCount"] as? Int)
            #expect(object["t"] as? Double == short["t"] as? Double)
        }
        // The change track is a subset of the full one, with the first line and fewer lines.
        let every = lines(track)
        let changes = lines(try Data(contentsOf: compact.appendingPathComponent("track.jsonl")))
        #expect(changes.first == every.first)
        #expect(changes.count < every.count)
        #expect(Set(changes).isSubset(of: Set(every)))
    }

    @Test("--track-heard threshold: the full line cut to the beacons at or above the threshold, and their packets there")
    func thresholdListing() throws {
        let out = try CLI.temporaryDirectory()
        let scenario = try Self.mallMinute(in: out)
        let plain = try run([scenario, "--no-timeline"], out: out)
        let listed = try run(
            [scenario, "--no-timeline", "--track-heard", "threshold", "--track-rssi-threshold=-70", "--compress", "gzip"],
            out: out)
        let every = lines(try Data(contentsOf: plain.appendingPathComponent("track.jsonl")))
        let few = lines(try gunzip(listed.appendingPathComponent("track.jsonl.gz")))
        #expect(every.count == few.count && !every.isEmpty)
        var dropped = 0
        var weaker = 0
        for (line, short) in zip(every, few) {
            var full = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            var cut = try #require(try JSONSerialization.jsonObject(with: Data(short.utf8)) as? [String: Any])
            let heard = try #require(full["heard"] as? [[String: Any]]).filter { ($0["maxRssi"] as? Int ?? .min) >= -70 }
            let kept = try #require(cut["heard"] as? [[String: Any]])
            dropped += try #require(full["heard"] as? [Any]).count - kept.count
            // The same beacons with the same strongest RSSI; of their packets, only those at -70 dBm or above.
            #expect(kept.map { $0["beacon"] as? String } == heard.map { $0["beacon"] as? String }, "\(short)")
            #expect(kept.map { $0["maxRssi"] as? Int } == heard.map { $0["maxRssi"] as? Int }, "\(short)")
            for (mine, theirs) in zip(kept, heard) {
                let (packets, all) = (mine["packets"] as? Int ?? 0, theirs["packets"] as? Int ?? 0)
                #expect(packets >= 1 && packets <= all)
                #expect((mine["rssi"] as? Double ?? -999) >= -70)
                if packets < all { weaker += 1 }
            }
            full["heard"] = nil
            cut["heard"] = nil
            #expect(NSDictionary(dictionary: cut).isEqual(to: full), "\(short)")
        }
        #expect(dropped > 0 && weaker > 0)
        // On changes, the lines come at the same times whether they list every beacon or only those.
        let changes = ["--no-timeline", "--track", "changes", "--track-rssi-threshold=-70"]
        let stamps = { (folder: URL) in
            try self.lines(try Data(contentsOf: folder.appendingPathComponent("track.jsonl"))).map {
                $0.prefix { $0 != "x" }
            }
        }
        let allListed = try stamps(try run([scenario] + changes, out: out))
        #expect(try stamps(try run([scenario] + changes + ["--track-heard", "threshold"], out: out)) == allListed)
        #expect(allListed.count > 1 && allListed.count < every.count)
        // Without a threshold there is nothing to cut: the full lines.
        let unbounded = try run([scenario, "--no-timeline", "--track-heard", "threshold"], out: out)
        #expect(
            try Data(contentsOf: unbounded.appendingPathComponent("track.jsonl"))
                == Data(contentsOf: plain.appendingPathComponent("track.jsonl")))
    }

    @Test("the outputs key sizes a run, the options override it, and a crowd defaults to compact outputs")
    func scenarioKeyAndCrowd() throws {
        let out = try CLI.temporaryDirectory()
        let keyed = try Self.mallMinute(in: out, outputs: "outputs: { compression: gzip, track: off }\n")
        #expect(try files(try run([keyed], out: out)) == ["timeline.jsonl.gz", "metrics.json", "metrics.csv", "manifest.json"])
        #expect(
            try files(try run([keyed, "--compress", "none", "--track", "every"], out: out))
                == ["timeline.jsonl", "track.jsonl", "plan.json", "metrics.json", "metrics.csv", "manifest.json"])
        let crowd = try Self.mallMinute(in: out, phones: 11)
        let folder = try run([crowd], out: out)
        #expect(
            try files(folder) == [
                "timeline.jsonl.gz", "track.jsonl.gz", "plan.json", "metrics.json", "metrics.csv", "manifest.json",
            ])
        let ranging = lines(try gunzip(folder.appendingPathComponent("timeline.jsonl.gz"))).filter {
            $0.contains("didRangeBeacons")
        }
        #expect(!ranging.isEmpty && ranging.allSatisfy { $0.contains("\"beaconCount\":") })
        let track = lines(try gunzip(folder.appendingPathComponent("track.jsonl.gz")))
        for line in track {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let heard = try #require(object["heard"] as? [[String: Any]])
            #expect(heard.allSatisfy { ($0["maxRssi"] as? Int ?? .min) >= -70 }, "\(line)")
        }
        #expect(!track.isEmpty)
        let small = try Self.mallMinute(in: out, phones: 10)
        #expect(try files(try run([small], out: out)).contains("timeline.jsonl"))
    }
}
