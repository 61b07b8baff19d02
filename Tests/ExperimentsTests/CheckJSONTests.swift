// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Reporting
import ScenarioFormat
import Testing

@testable import Experiments

/// check.json's read model against what its writer (`ClaimReport.json`) writes: every field back,
/// combinators and versus sides included, and `CheckComparison` reading two folders through it.
@Suite("check.json read model")
struct CheckJSONTests {
    static func run(_ replication: Int, latencies: [Double], variant: [Double]) -> ClaimRun {
        var metrics = RegionMetrics(phone: "alice", region: "store", zone: "store")
        metrics.latencies[.rangingInterval] = SampleSeries(latencies)
        var other = metrics
        other.latencies[.rangingInterval] = SampleSeries(variant)
        var run = ClaimRun(replication: replication, metrics: [metrics])
        run.variantMetrics["withTask"] = [other]
        return run
    }

    static let runs = [run(0, latencies: [1, 2, 3], variant: [1, 1, 2]), run(1, latencies: [4, 5, 9], variant: [2, 3, 3])]

    /// A plain claim, a variant versus it, and `anyOf` the two, each bounded by `bound` s.
    static func specs(bound: Double) -> [ClaimSpec] {
        let condition = { (statistic: ClaimStatistic) in
            ClaimCondition(statistic: statistic, comparison: .lessOrEqual, bound: bound, text: "<= \(bound)s")
        }
        let side = ClaimSide(phone: "alice", region: "store", variant: nil, quantity: .metric(.rangingInterval))
        var variant = side
        variant.variant = "withTask"
        let plain = ClaimSpec(.measured(MeasuredClaim(side: side, conditions: [condition(.p50), condition(.mean)])))
        let versus = ClaimSpec(.measured(MeasuredClaim(side: variant, versus: side, conditions: [condition(.mean)])))
        let either = ClaimSpec(.anyOf([plain, versus]))
        return [plain, versus, either]
    }

    static func outcomes(bound: Double) -> [ClaimOutcome] { specs(bound: bound).map { ClaimEvaluator.evaluate($0, runs: runs) } }

    @Test("every field ClaimReport.json writes decodes back to the outcomes it came from")
    func roundTrip() throws {
        let outcomes = Self.outcomes(bound: 4)
        let decoded = try CheckJSON.decode(Data(ClaimReport.json(outcomes).utf8))
        #expect(decoded.passed == outcomes.allSatisfy(\.passed))
        #expect(decoded.claims.count == 3)
        for (claim, outcome) in zip(decoded.claims, outcomes) {
            #expect(claim.passed == outcome.passed)
            #expect(claim.runs == outcome.runs)
            #expect((claim.conditions ?? []).map(\.passed) == outcome.conditions.map(\.passed))
            for (condition, expected) in zip(claim.conditions ?? [], outcome.conditions) {
                #expect(condition.condition == expected.condition.text)
                #expect(condition.samples == expected.sampleCount)
                #expect(
                    condition.measured.map { ($0 - (expected.measured ?? .nan)).magnitude < 1e-6 } ?? (expected.measured == nil))
                #expect(condition.interval != nil || expected.interval == nil)
            }
        }
        #expect(decoded.claims[0].side.subject == "alice/store")
        #expect(decoded.claims[0].metric == "rangingInterval")
        #expect(decoded.claims[1].side.subject == "alice/store@withTask")
        #expect(decoded.claims[1].versus?.subject == "alice/store")
        #expect(decoded.claims[2].anyOf?.count == 2)
        #expect(decoded.claims[2].conditions == nil)
        // Encoding the model and decoding it again gives the same model.
        #expect(try CheckJSON.decode(JSONEncoder().encode(decoded)) == decoded)
    }

    @Test("compare of two check folders reads them through the model: rows per condition, anyOf parts by path")
    func comparisonRows() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("checkjson-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var folders: [URL] = []
        for (name, bound) in [("a", 4.0), ("b", 2.0)] {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(ClaimReport.json(Self.outcomes(bound: bound)).utf8).write(to: folder.appendingPathComponent("check.json"))
            try Data(#"{"scenario": "layout-\#(name)", "seed": 3, "replications": 2}"#.utf8)
                .write(to: folder.appendingPathComponent("manifest.json"))
            folders.append(folder)
        }
        let comparison = try CheckComparison(a: folders[0], b: folders[1])
        #expect(comparison.scenarioA == "layout-a")
        #expect(comparison.scenarioB == "layout-b")
        #expect(
            comparison.rows.map(\.claim) == [
                "alice/store.rangingInterval.p50", "alice/store.rangingInterval.mean",
                "alice/store@withTask − alice/store.rangingInterval.mean",
                "anyOf[1].alice/store.rangingInterval.p50", "anyOf[1].alice/store.rangingInterval.mean",
                "anyOf[2].alice/store@withTask − alice/store.rangingInterval.mean",
            ])
        // The same runs on both sides: equal values, no difference.
        #expect(comparison.rows.allSatisfy { $0.difference == 0 && $0.a != nil })
    }
}
