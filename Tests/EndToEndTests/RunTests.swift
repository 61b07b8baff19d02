// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("beaconsim run")
struct RunTests {
    func runFolder(_ arguments: [String], out: URL) throws -> URL {
        let output = try CLI.run(["run"] + arguments + ["--out", out.path])
        #expect(output.status == 0, "\(output.stderr)")
        let line = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix("Results: ") })
        let path = line.dropFirst("Results: ".count).split(separator: " ").first.map(String.init) ?? ""
        return URL(fileURLWithPath: path)
    }

    @Test("a run writes manifest, timeline and metrics into a new folder each time")
    func resultsFolder() throws {
        let out = try CLI.temporaryDirectory()
        let first = try runFolder([CLI.fixture("base.yaml"), "--seed", "3"], out: out)
        let second = try runFolder([CLI.fixture("base.yaml"), "--seed", "3"], out: out)
        #expect(first != second)
        for folder in [first, second] {
            for file in ["manifest.json", "timeline.jsonl", "metrics.json"] {
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path))
            }
        }
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: first.appendingPathComponent("manifest.json")))
            as? [String: Any]
        #expect(manifest?["seed"] as? Int == 3)
        #expect((manifest?["scenarioHash"] as? String)?.count == 64)
    }

    @Test("the same seed gives a byte-identical timeline; another seed a different one")
    func determinism() throws {
        let out = try CLI.temporaryDirectory()
        let a = try Data(
            contentsOf: runFolder([CLI.fixture("base.yaml"), "--seed", "11"], out: out).appendingPathComponent("timeline.jsonl"))
        let b = try Data(
            contentsOf: runFolder([CLI.fixture("base.yaml"), "--seed", "11"], out: out).appendingPathComponent("timeline.jsonl"))
        let c = try Data(
            contentsOf: runFolder([CLI.fixture("base.yaml"), "--seed", "12"], out: out).appendingPathComponent("timeline.jsonl"))
        #expect(a == b)
        #expect(a != c)
    }

    @Test("every timeline line is a JSON object with t, phone or beacon, and event; times never decrease")
    func timelineShape() throws {
        let out = try CLI.temporaryDirectory()
        let folder = try runFolder([CLI.path("Scenarios/retail-store.yaml")], out: out)
        let text = try String(contentsOf: folder.appendingPathComponent("timeline.jsonl"), encoding: .utf8)
        var previous = -1.0
        var events = Set<String>()
        for line in text.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let t = try #require(object["t"] as? Double)
            #expect(t >= previous)
            previous = t
            events.insert(try #require(object["event"] as? String))
        }
        for expected in [
            "didEnterRegion", "didExitRegion", "didDetermineState", "appStateChanged", "zoneEntered", "zoneExited",
            "notificationPosted",
        ] {
            #expect(events.contains(expected), "missing \(expected)")
        }
    }

    @Test("--json prints the results folder and the metrics")
    func jsonSummary() throws {
        let out = try CLI.temporaryDirectory()
        let output = try CLI.run(["run", CLI.fixture("base.yaml"), "--json", "--out", out.path])
        #expect(output.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["results"] is String)
        #expect((object["metrics"] as? [String: Any])?["packetsSent"] is Int)
        // The metrics printed are metrics.json's bytes (streamed to standard output, not rebuilt).
        let folder = try #require(object["results"] as? String)
        let metrics = try String(contentsOfFile: folder + "/metrics.json", encoding: .utf8)
        #expect(output.stdout.contains(",\"metrics\":" + metrics.dropLast() + ",\"claims\":["))
        #expect(output.stdout.hasSuffix("]}\n"))
    }
}
