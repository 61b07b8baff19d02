// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Foundation
import Reporting
import ScenarioFormat
import Sessions
import Testing

/// `run` of a crowd as phone shards (`PhoneShards`, `ShardedReplication`): how many shards, and
/// the same bytes in every results file as one world of all the phones.
@Suite("phone shards")
struct PhoneShardsTests {
    @Test("one shard per 100 phones, a power of two, at most 8, consecutive phones")
    func count() {
        let expected = [0: 1, 1: 1, 199: 1, 200: 2, 399: 2, 400: 4, 799: 4, 800: 8, 1000: 8, 5000: 8]
        for (phones, shards) in expected {
            let split = PhoneShards(phones: phones)
            #expect(split.count == shards, "\(phones) phones")
            #expect(split.ranges.first?.lowerBound == 0 && split.ranges.last?.upperBound == phones)
            #expect(zip(split.ranges, split.ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        }
        #expect(PhoneShards(phones: 1000).ranges.map(\.count) == Array(repeating: 125, count: 8))
    }

    /// The mall-1h floor (200 beacons, 42 walls) with `phones` shoppers for `seconds`: iOS and
    /// Android phones, foreground ranging and background monitoring, walking between shops and
    /// standing in them; two beacons switched off and on (world records at instants the phones'
    /// own records share: the 8 s and 14 s marks).
    static func crowd(phones: Int, seconds: Int) throws -> Scenario {
        let root = ReplicationMeasurementTests.root
        let mall = try String(
            contentsOf: root.appendingPathComponent("Scenarios/bench/mall-1h.yaml"), encoding: .utf8)
        var lines = mall.components(separatedBy: "\n").prefix { $0 != "phones:" }.map { line in
            line.hasPrefix("duration:") ? "duration: \(seconds)s" : line
        }
        lines = lines.map { line in
            line.hasPrefix("  - { name: b007,") || line.hasPrefix("  - { name: b120,")
                ? String(line.dropLast(2)) + ", schedule: [{ at: 8s, power: off }, { at: 14s, power: on }] }" : line
        }
        lines.append("phones:")
        let regions = (1...4).map {
            "        - { name: quadrant\($0), uuid: \"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\", major: \($0) }"
        }
        for number in 0..<phones {
            let android = number % 3 == 1
            let background = number % 4 == 3
            let (x, y) = (5 + (number * 37) % 110, 32 + (number * 7) % 16)
            let (shopX, shopY) = (3 + (number * 53) % 114, number % 2 == 0 ? 12 + number % 15 : 58 + number % 18)
            lines +=
                [
                    "  - name: shopper\(number)",
                    "    os: \(android ? "android-14-abl-fgs" : "ios")",
                    "    app:",
                    "      state: \(background ? "background" : "foreground")",
                    "      ranging: \(background ? "false" : "true")",
                    "      regions:",
                ] + regions + [
                    "    path:",
                    "      - { position: [\(x), \(y)] }",
                    "      - { position: [\(shopX), \(y)], speed: 1.1 }",
                    "      - { position: [\(shopX), \(shopY)], speed: 0.9, dwell: \(5 + number % 20)s }",
                    "      - { position: [\((shopX + 40) % 115 + 2), 40], speed: 1.3 }",
                ]
        }
        return try ScenarioLoader.parse(text: lines.joined(separator: "\n") + "\n", path: "crowd.yaml", catalogue: .standard)
    }

    /// Runs `scenario` with `outputs` into a new folder, split or as one world: the folder.
    static func run(_ scenario: Scenario, outputs: OutputSpec, split: Bool) throws -> URL {
        let store = ResultsStore(root: try ReplicationMeasurementTests.temporaryFolder())
        var run = SimulationRun(scenario: scenario, seed: 5, store: store)
        run.outputs = outputs
        run.splitsCrowds = split
        return try run.execute().directory
    }

    static let outputChoices: [(name: String, outputs: OutputSpec)] = [
        ("the crowd's defaults (ranging counts, change track at -70 dBm, gzip)", OutputSpec()),
        (
            "everything, uncompressed (full ranging lists, every phone every second)",
            OutputSpec(
                timeline: true, ranging: .full, track: .every, trackHeard: .all, compression: OutputSpec.Compression.none)
        ),
    ]

    @Test("a crowd split into shards writes the bytes one world writes", arguments: [0, 1])
    func sameFiles(choice: Int) throws {
        let scenario = try Self.crowd(phones: 200, seconds: 20)
        #expect(PhoneShards(phones: scenario.phones.count).count == 2)
        let outputs = Self.outputChoices[choice].outputs
        let split = try Self.run(scenario, outputs: outputs, split: true)
        let whole = try Self.run(scenario, outputs: outputs, split: false)
        let files = try FileManager.default.contentsOfDirectory(atPath: whole.path).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: split.path).sorted() == files)
        #expect(files.contains { $0.hasPrefix("timeline.jsonl") } && files.contains { $0.hasPrefix("track.jsonl") })
        for file in files where file != "manifest.json" {
            let (a, b) = (
                try Data(contentsOf: split.appendingPathComponent(file)), try Data(contentsOf: whole.appendingPathComponent(file))
            )
            #expect(a == b, "\(file) (\(Self.outputChoices[choice].name))")
        }
        // The manifest differs only in its timing and in the engine events, which count each
        // shard's beacon events.
        func manifest(_ folder: URL) throws -> [String: String] {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
            return ((object as? [String: Any]) ?? [:]).filter { !["startedAt", "wallTimeSeconds", "events"].contains($0.key) }
                .mapValues { "\($0)" }
        }
        #expect(try manifest(split) == manifest(whole))
    }
}
