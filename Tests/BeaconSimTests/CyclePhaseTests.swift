// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Reporting
import ScenarioFormat
import SimulationCore
import Testing

/// Each phone's scan and processing cycles start at a phase drawn from its own stream, uniform over
/// one cycle, so a latency measured from an event at a fixed instant spreads over one cycle instead
/// of repeating one value in every replication.
///
/// Over n = 200 seeds of a latency uniform over a cycle c: the sample range falls below 0.9 c with
/// probability about n·0.9^(n−1) < 10⁻⁷, and the share below min + c/2 lies within 0.5 ± 4·√(0.25/n)
/// (± 0.14) except with probability < 10⁻⁴.
@Suite("Cycle phases")
struct CyclePhaseTests {
    static let seeds = UInt64(1)...200

    /// A phone 1 m from one beacon; `extra` adds beacon and phone keys.
    static func scenario(os: String, state: String, beacon: String = "", region: String = "", phone: String = "") throws
        -> Scenario
    {
        try ScenarioLoader.parse(
            text: """
                schemaVersion: 1
                name: phase
                duration: 70s
                venue:
                  size: [20, 20]
                beacons:
                  - name: b
                    ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 1 }
                    position: [10, 10]
                \(beacon)
                phones:
                  - name: phone
                    os: \(os)
                    carry: hand
                    app:
                      state: \(state)
                      regions:
                        - { name: r, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825"\(region) }
                    path:
                      - { position: [11, 10] }
                \(phone)
                """, path: "phase.yaml")
    }

    /// Extra YAML lines are inserted at column 0, so they carry their own indentation.
    static let offAt20s = """
            schedule:
              - { at: 20s, power: off }
        """

    /// `metric` of region r, one sample per seed.
    static func samples(_ scenario: Scenario, _ metric: ClaimMetric) throws -> [Double] {
        try seeds.map { seed in
            let result = try World(scenario: scenario, seed: seed).run()
            let metrics = MetricsCalculator.compute(scenario: scenario, result: result)
            return try #require(metrics.first { $0.region == "r" }?.latencies[metric]?.first)
        }
    }

    /// Spread over one cycle: the range covers most of it and the samples are not bunched.
    static func expectSpread(_ samples: [Double], cycle: Double, _ what: String) {
        let low = samples.min() ?? 0
        let high = samples.max() ?? 0
        #expect(high - low > 0.9 * cycle, "\(what): range \(low)…\(high)")
        #expect(high - low <= cycle + 0.11, "\(what): range \(low)…\(high)")  // + up to one advertising interval
        let share = Double(samples.filter { $0 < low + cycle / 2 }.count) / Double(samples.count)
        #expect(abs(share - 0.5) < 0.14, "\(what): \(share) below the middle")
    }

    @Test("iOS foreground exit after power-off spreads over the 1 s processing cycle")
    func iOSForegroundExit() throws {
        let samples = try Self.samples(
            Self.scenario(os: "ios", state: "foreground", beacon: Self.offAt20s), .exitLatencyFromPowerOff)
        Self.expectSpread(samples, cycle: 1, "ios foreground exit")
    }

    @Test("Android Beacon Library foreground exit spreads over the 1.1 s scan cycle")
    func ablForegroundExit() throws {
        let samples = try Self.samples(
            Self.scenario(os: "android-abl", state: "foreground", beacon: Self.offAt20s), .exitLatencyFromPowerOff)
        Self.expectSpread(samples, cycle: 1.1, "android-abl foreground exit")
    }

    @Test("Android Beacon Library foreground-service exit spreads over the 1.1 s scan cycle")
    func ablForegroundServiceExit() throws {
        let samples = try Self.samples(
            Self.scenario(os: "android-abl-8-fgs", state: "background", beacon: Self.offAt20s), .exitLatencyFromPowerOff)
        Self.expectSpread(samples, cycle: 1.1, "android-abl-8-fgs exit")
    }

    @Test("iOS screen-on state arrives within one processing cycle, spread over it")
    func iOSScreenOnState() throws {
        let samples = try Self.samples(
            Self.scenario(
                os: "ios", state: "notRunning", region: ", notifyEntryStateOnDisplay: true",
                phone: """
                        actions:
                          - { at: 30s, action: screenOn }
                    """), .stateLatencyFromScreenOn)
        Self.expectSpread(samples, cycle: 1, "ios screen-on state")
        #expect(samples.allSatisfy { $0 > 0 && $0 <= 1 })
    }

    @Test("iOS foreground entry after power-on spreads over the 1 s processing cycle")
    func iOSForegroundEntryAfterPowerOn() throws {
        let scenario = try Self.scenario(
            os: "ios", state: "foreground",
            beacon: """
                    schedule:
                      - { at: 0s, power: off }
                      - { at: 30s, power: on }
                """)
        let samples = try Self.seeds.map { seed in
            let trace = try World(scenario: scenario, seed: seed).run().trace
            let entry = try #require(trace.first { $0.event.name == "didEnterRegion" })
            return entry.time.seconds - 30
        }
        Self.expectSpread(samples, cycle: 1, "ios foreground entry after power-on")
    }
}
