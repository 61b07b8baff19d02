// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Foundation
import ScenarioFormat
import Testing

/// Phones do not affect one another: a world built with only some of a scenario's phones gives
/// each of them the same records, in the same order, as the world with all of them — each phone's
/// models, scan state and random streams are its own (streams keyed by names, `World+Build`),
/// each link's draws are its own, and the fast loop's skipping and advertising calendar change
/// what is computed, never what is drawn. The beacons' own records (power, address rotation) and
/// the packets sent are the same in every such world; packets received and link evaluations add
/// up over a partition of the phones. Checked on every scenario in Scenarios/ with two phones or
/// more (their first 5 simulated minutes), split into halves and into single phones. This is what
/// would let a crowd's phones be simulated in separate worlds (docs/performance.md), and it
/// fails on a change that couples phones.
@Suite("phone independence")
struct PhoneIndependenceTests {
    static let files: [String] = {
        let folder = ReferenceLoopTests.root.appendingPathComponent("Scenarios")
        let found = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".yaml") && !$0.hasPrefix("bench/") }.sorted().filter { file in
            let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
            let lines = text.components(separatedBy: "\n")
            return lines.contains { $0.hasPrefix("schemaVersion:") }  // not a shared fragment
                && lines.drop { $0 != "phones:" }.filter { $0.hasPrefix("  - name:") }.count >= 2
        }
    }()

    static func load(_ file: String) throws -> Scenario {
        let path = ReferenceLoopTests.root.appendingPathComponent("Scenarios/\(file)").path
        var scenario = try ScenarioLoader.load(path: path, catalogue: .standard)
        scenario.duration = min(scenario.duration, 300_000_000_000)
        return scenario
    }

    static func run(_ scenario: Scenario, phones: [Int]) throws -> RunResult {
        var part = scenario
        part.phones = phones.map { scenario.phones[$0] }
        return try World(scenario: part, seed: 3).run(mode: .fast)
    }

    @Test("the multi-phone scenarios are found")
    func found() {
        #expect(Self.files.count >= 10)
    }

    @Test("a world of some of the phones gives them the records the whole world gives them", arguments: files)
    func subsets(file: String) throws {
        let scenario = try Self.load(file)
        let all = Array(scenario.phones.indices)
        let whole = try Self.run(scenario, phones: all)
        let half = all.count / 2
        for partition in [[Array(all[..<half]), Array(all[half...])], all.map { [$0] }] {
            var received = 0
            var evaluations = 0
            for phones in partition {
                let names = Set(phones.map { scenario.phones[$0].name })
                let part = try Self.run(scenario, phones: phones)
                let expected = whole.trace.filter { $0.phone.map(names.contains) ?? true }
                #expect(part.trace.count == expected.count, "\(file): phones \(names.sorted())")
                if let first = zip(part.trace, expected).first(where: { $0 != $1 }) {
                    Issue.record("\(file): phones \(names.sorted()): \(first.0) where the whole world has \(first.1)")
                }
                #expect(part.packetsSent == whole.packetsSent, "\(file): phones \(names.sorted())")
                received += part.packetsReceived
                evaluations += part.linkEvaluations
            }
            #expect(received == whole.packetsReceived, "\(file): \(partition.count) parts")
            #expect(evaluations == whole.linkEvaluations, "\(file): \(partition.count) parts")
        }
    }
}
