// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Experiments
import Foundation
import Reporting
import ScenarioFormat
import Testing
import TestSupport

/// Properties over random valid scenarios, generated rather than mutated (issue 15): each one
/// loads, runs to completion (or is refused with a limit diagnostic), gives the same bytes for the
/// same seed, and a sharded check merges to the unsharded bytes.
@Suite("generated scenarios")
struct GeneratedScenarioTests {
    static let uuid = "FDA50693-A4E2-4FB1-AFCF-C6EB07647825"

    /// A valid scenario: a venue with walls and a zone, beacons, phones walking with actions and
    /// random actions, rules and claims, every value drawn within its documented range.
    static func scenario(_ number: UInt64) -> String {
        var random = SplitMix64(seed: number)
        let catalogue = ParameterCatalogue.standard
        let pick = { (items: [String], random: inout SplitMix64) in items.randomElement(using: &random) ?? items[0] }
        let (width, height) = (Int.random(in: 15...80, using: &random), Int.random(in: 10...40, using: &random))
        let point = { (random: inout SplitMix64) in
            "[\(Int.random(in: 0...width, using: &random)), \(Int.random(in: 0...height, using: &random))]"
        }
        let minutes = Int.random(in: 1...4, using: &random)
        var lines = [
            "schemaVersion: 1", "name: generated-\(number)", "seed: \(Int.random(in: 0...1000, using: &random))",
            "duration: \(minutes)m", "replications: 4", "venue:", "  size: [\(width), \(height)]",
            "  environment: \(pick(catalogue.environments.sorted(), &random))", "  walls:",
        ]
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            lines.append(
                "    - { from: \(point(&random)), to: \(point(&random)), material: \(pick(catalogue.materials.sorted(), &random)) }"
            )
        }
        if lines.last == "  walls:" { lines.removeLast() }
        let zoneWidth = Int.random(in: 5...min(15, width), using: &random)
        lines += [
            "  zones:", "    - { name: room, polygon: [[0, 0], [\(zoneWidth), 0], [\(zoneWidth), \(height)], [0, \(height)]] }",
        ]
        lines.append("beacons:")
        for index in 0..<Int.random(in: 1...4, using: &random) {
            let interval = pick(["100ms", "250ms", "1s"], &random)
            lines.append(
                "  - { name: b\(index), ibeacon: { uuid: \"\(uuid)\", major: 1, minor: \(index) }, "
                    + "position: [\(Int.random(in: 0...zoneWidth, using: &random)), \(Int.random(in: 0...height, using: &random))], "
                    + "interval: \(interval) }")
        }
        lines.append("phones:")
        let profiles = catalogue.profiles.keys.sorted()
        for index in 0..<Int.random(in: 1...2, using: &random) {
            lines += [
                "  - name: p\(index)", "    os: \(pick(profiles, &random))",
                "    carry: \(pick(["pocket", "hand", "bag"], &random))", "    app:",
                "      state: \(pick(["foreground", "background", "suspended"], &random))",
                "      regions:", "        - { name: room, uuid: \"\(uuid)\", major: 1 }",
                "      rules:", "        - { on: enter, region: room, do: notify, text: hello }", "    path:",
                "      - { position: \(point(&random)) }",
            ]
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let speed = Double(Int.random(in: 5...20, using: &random)) / 10
                lines.append(
                    "      - { position: \(point(&random)), speed: \(speed), dwell: \(Int.random(in: 0...40, using: &random))s }")
            }
            lines.append("    actions:")
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let action = pick(["screenOn", "screenOff", "background", "foreground", "bluetoothOff", "bluetoothOn"], &random)
                lines.append("      - { at: \(Int.random(in: 0...(minutes * 60), using: &random))s, action: \(action) }")
            }
            if lines.last == "    actions:" { lines.removeLast() }
            if Bool.random(using: &random) {
                lines += [
                    "    randomActions:",
                    "      - { action: screenOn, meanInterval: \(Int.random(in: 20...120, using: &random))s }",
                ]
            }
        }
        lines += [
            "expect:", "  - { region: room, metric: entryLatencyFromFirstPacket, p50: \"<= 60s\" }",
            "  - { region: room, metric: missedExits, rate: \"<= 1\" }",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func write(_ text: String, name: String) throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("generated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("\(name).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (folder, path)
    }

    @Test("every generated scenario loads, runs to its end and gives the same bytes for the same seed", arguments: 1...24)
    func runsAndRepeats(number: UInt64) throws {
        // The generator stays inside every stated limit, so the loader must accept each scenario.
        let scenario = try ScenarioLoader.parse(text: Self.scenario(number), path: "generated.yaml", catalogue: .standard)
        let first = try World(scenario: scenario, seed: scenario.seed).run()
        let second = try World(scenario: scenario, seed: scenario.seed).run()
        #expect(first.eventsHandled > 0)
        #expect(TimelineWriter.text(first.trace) == TimelineWriter.text(second.trace))
        #expect(first.packetsSent == second.packetsSent && first.packetsReceived == second.packetsReceived)
    }

    @Test("a generated scenario's check in three shards merges to the unsharded folder's bytes", arguments: [101, 102])
    func shardsMerge(number: UInt64) async throws {
        let (folder, path) = try Self.write(Self.scenario(number), name: "generated-\(number)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = try ScenarioTemplate(path: path, catalogue: .standard)
        let store = ResultsStore(root: folder.appendingPathComponent("out"))
        func experiment(_ shard: Shard) -> Experiment {
            Experiment(
                kind: .check, template: template, grid: SweepGrid(axes: []), seed: 7, replications: 6, threads: 2,
                shard: shard, store: store)
        }
        let whole = try await experiment(.whole).execute()
        var parts: [URL] = []
        for index in 0..<3 { parts.append(try await experiment(Shard(index: index, count: 3)).execute().directory) }
        let merged = try ShardMerger.merge(parts, scenarioPath: path, catalogue: .standard, store: store)
        for file in ["replications.jsonl", "check.json"] {
            let a = try Data(contentsOf: whole.directory.appendingPathComponent(file))
            let b = try Data(contentsOf: merged.directory.appendingPathComponent(file))
            #expect(a == b, "\(file) differs")
        }
    }
}
