// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Foundation
import Reporting
import ScenarioFormat
import Testing

@Suite("fast loop against the reference loop")
struct ReferenceLoopTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every scenario file under Scenarios/ (files under `shared/` are imported by others).
    static let scenarios: [String] = {
        let base = root.appendingPathComponent("Scenarios")
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".yaml") && !$0.contains("shared/") }.sorted()
    }()

    /// The benchmark scenarios run for their first 15 simulated minutes (a debug build would take
    /// minutes for the hour), every other scenario for its whole duration, each variant too.
    @Test("timelines are byte-identical between the fast and the reference loop", arguments: scenarios)
    func byteIdentical(file: String) throws {
        let path = Self.root.appendingPathComponent("Scenarios/\(file)").path
        var scenario = try ScenarioLoader.load(path: path, catalogue: .standard)
        if file.hasPrefix("bench/") { scenario.duration = min(scenario.duration, 900_000_000_000) }
        for variant in [nil] + scenario.variants.map(\.name) {
            let ran = try #require(scenario.variant(variant))
            let fast = try World(scenario: ran, seed: ran.seed).run(mode: .fast)
            let reference = try World(scenario: ran, seed: ran.seed).run(mode: .reference)
            #expect(fast.packetsSent == reference.packetsSent, "\(file) \(variant ?? "")")
            #expect(fast.packetsReceived == reference.packetsReceived, "\(file) \(variant ?? "")")
            #expect(TimelineWriter.text(fast.trace) == TimelineWriter.text(reference.trace), "\(file) \(variant ?? "")")
        }
    }
}

@Suite("only audible links cost")
struct QuietLinkTests {
    /// The mall-1h walker (independent shadowing bounded at 4σ, hard threshold): links to beacons
    /// behind several shop walls at the far end of the corridor cannot reach −95 dBm and are
    /// skipped, yet the timeline is the reference loop's (`ReferenceLoopTests`).
    @Test("the fast loop evaluates fewer links than the reference loop on mall-1h, with the same packets")
    func skipsInaudibleLinks() throws {
        let path = ReferenceLoopTests.root.appendingPathComponent("Scenarios/bench/mall-1h.yaml").path
        var scenario = try ScenarioLoader.load(path: path, catalogue: .standard)
        scenario.duration = 300_000_000_000
        let fast = try World(scenario: scenario, seed: 1).run(mode: .fast)
        let reference = try World(scenario: scenario, seed: 1).run(mode: .reference)
        #expect(fast.linkEvaluations < reference.linkEvaluations)
        #expect(reference.linkEvaluations == reference.packetsSent / 3)  // one phone, always listening
        #expect(fast.packetsReceived == reference.packetsReceived)
    }

    /// Every term of the receiving side that moves the reception floor or the link budget: two
    /// devices with sensitivities 7.4 dB better and 5.2 dB worse than the generic phone (and scan
    /// ceilings), a venue offset of +3 dB, the dual slope beyond 10 m, beacons 3 m up, hand body
    /// loss, packet errors and noise. `tight`: no shadowing, collisions or fading, so the skip
    /// margin is zero and a bound that left out any term would drop packets the reference loop
    /// delivers; then with shadowing (σ 4 dB, bounded at 4σ); then with collisions and fading too
    /// (the collision meter of skipped links).
    @Test(
        "skipping stays exact with device sensitivities, the venue offset, the dual slope and heights",
        arguments: ["tight", "shadowing", "collisions and fading"])
    func skipsExactlyWithDevices(radio: String) throws {
        let path = ReferenceLoopTests.root.appendingPathComponent("Scenarios/bench/mall-1h.yaml").path
        var scenario = try ScenarioLoader.load(path: path, catalogue: .standard)
        scenario.duration = 120_000_000_000
        scenario.radio.measuredPowerOffset = 3
        scenario.radio.breakpointDistance = 10
        scenario.radio.farPathLossExponent = 3.5
        scenario.radio.beaconHeight = 3
        (scenario.radio.bodyLossFront, scenario.radio.bodyLossBehind) = (0, 8)
        (scenario.radio.packetErrors, scenario.radio.measurementNoise) = (true, 1.5)
        scenario.radio.shadowing = radio != "tight"
        (scenario.radio.collisions, scenario.radio.fading) = (radio == "collisions and fading", radio == "collisions and fading")
        var sensitive = scenario.phones[0]
        (sensitive.name, sensitive.device) = ("sensitive", "galaxyA5-2017")
        var deaf = scenario.phones[0]
        (deaf.name, deaf.device) = ("deaf", "ionis-anchor")
        deaf.path.removeFirst()  // starts at the other end of the corridor
        scenario.phones += [sensitive, deaf]
        let fast = try World(scenario: scenario, seed: 1).run(mode: .fast)
        let reference = try World(scenario: scenario, seed: 1).run(mode: .reference)
        #expect(fast.linkEvaluations < reference.linkEvaluations)
        #expect(fast.packetsSent == reference.packetsSent)
        #expect(fast.packetsReceived == reference.packetsReceived)
        #expect(TimelineWriter.text(fast.trace) == TimelineWriter.text(reference.trace))
    }

    /// Quiet beacons' events are passed over without the queue (`World.advertise`); a power-off
    /// must still cut the event it falls in and stop the beacon, and a power-on restart it, as in
    /// the reference loop. Every beacon goes off at a different instant, some of them inside an
    /// advertising event (0.4 ms PDU spacing), and back on later.
    @Test("passing over quiet beacons keeps power-offs, restarts and packet counts exact")
    func passesQuietBeaconsExactly() throws {
        let path = ReferenceLoopTests.root.appendingPathComponent("Scenarios/bench/mall-1h.yaml").path
        var scenario = try ScenarioLoader.load(path: path, catalogue: .standard)
        scenario.duration = 90_000_000_000
        for index in scenario.beacons.indices {
            let off = 20_000_000_000 + Int64(index) * 150_700_000
            scenario.beacons[index].schedule = [
                .init(at: off, on: false), .init(at: off + 9_000_000_000, on: true), .init(at: off + 40_000_300_000, on: false),
            ]
        }
        let fast = try World(scenario: scenario, seed: 1).run(mode: .fast)
        let reference = try World(scenario: scenario, seed: 1).run(mode: .reference)
        #expect(fast.linkEvaluations < reference.linkEvaluations)
        #expect(fast.packetsSent == reference.packetsSent)
        #expect(fast.packetsReceived == reference.packetsReceived)
        #expect(TimelineWriter.text(fast.trace) == TimelineWriter.text(reference.trace))
    }
}
