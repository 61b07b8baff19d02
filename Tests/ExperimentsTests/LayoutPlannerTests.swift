// SPDX-License-Identifier: GPL-3.0-or-later
import Experiments
import Foundation
import ScenarioFormat
import Testing

/// `beaconsim plan`'s screening and assembly (no simulation): layouts per TX power and advertising
/// interval, the same for the same seed.
@Suite("layout planning: proposals")
struct LayoutPlannerTests {
    /// A 30 m × 12 m hall, one zone monitored as one region by UUID + major, one beacon to copy.
    static let hall = """
        schemaVersion: 1
        name: hall
        duration: 2m
        venue:
          size: [40, 20]
          zones:
            - { name: hall, polygon: [[5, 4], [35, 4], [35, 16], [5, 16]] }
        beacons:
          - { name: b, ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 1 }, position: [20, 10], txPower: -12 }
        phones:
          - name: p
            app:
              regions:
                - { name: hall, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1 }
            path:
              - { position: [1, 10] }
              - { position: [20, 10], speed: 1 }
        """

    static func options(intervals: [Int64]) -> LayoutPlanner.Options {
        LayoutPlanner.Options(
            pitch: 4, txPowers: [-12], targets: [0.9], keepOuts: [], seed: 3, replications: 1, threads: 1, resolution: 1,
            intervals: intervals)
    }

    @Test("one layout per interval, every planned beacon at it; a longer interval needs no fewer beacons")
    func intervals() throws {
        let scenario = try ScenarioLoader.parse(text: Self.hall, path: "hall.yaml", catalogue: .standard)
        let proposals = try LayoutPlanner.propose(scenario, options: Self.options(intervals: [100_000_000, 1_000_000_000]))
        #expect(proposals.map(\.interval) == [100_000_000, 1_000_000_000])
        for proposal in proposals {
            #expect(proposal.beacons.allSatisfy { $0.interval == proposal.interval && $0.txPower == -12 })
            // One region by UUID + major: the planned beacons share it, with minors of their own.
            #expect(proposal.beacons.allSatisfy { $0.major == 1 })
            #expect(Set(proposal.beacons.map(\.minor)).count == proposal.beacons.count)
        }
        // Ten packets a second are heard within 1 s where one is not: the slow layout covers less per beacon.
        #expect(proposals[1].beacons.count >= proposals[0].beacons.count)
        let again = try LayoutPlanner.propose(scenario, options: Self.options(intervals: [100_000_000, 1_000_000_000]))
        #expect(again.map { $0.beacons.map(\.position) } == proposals.map { $0.beacons.map(\.position) })
        // Without --intervals, each planned beacon keeps the interval of the beacon it copies (100 ms).
        let kept = try LayoutPlanner.propose(scenario, options: Self.options(intervals: []))
        #expect(kept.count == 1 && kept[0].interval == nil && kept[0].beacons.allSatisfy { $0.interval == 100_000_000 })
    }
}
