// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import PhoneModel
import Reporting
import ScenarioFormat
import SimulationCore
import TestSupport
import Testing

@testable import BeaconSim

/// One suite over every radio medium and both advertising queues (as ns-3 runs one suite over all
/// its schedulers): each small scenario runs through each medium, the same behavioural checks hold
/// for all, and the media that model the radio give byte-identical timelines.
///
/// Media: the synthetic medium on the calendar queue with quiet-link skipping (the fast loop), on
/// the 4-ary heap with skipping, on the heap without skipping (the reference loop), on the
/// calendar without skipping; the independent `ReferenceMedium` (TestSupport: arrays, no caches,
/// no skipping, the propagation model called directly); and a capture replay (`CaptureMedium`)
/// of the packets the fast loop's first phone received.
///
/// What cannot be reproduced independently, and so is left out or compared loosely:
/// - The reference medium draws from the same counter-based streams as the synthetic one (the
///   labels of `World+Build`): a medium with streams of its own would be a different replication,
///   comparable only in distribution. Its walls are summed along the straight path at each event,
///   where the synthetic medium steps a per-leg wall profile; the two agree except where a sample
///   falls exactly on a profile breakpoint, which these walks do not.
/// - The capture replay applies to one phone: a capture is one phone's radio (the replay world has
///   no beacons, so no beacon records), and it offers packets one by one where the synthetic media
///   hand a phone an advertising event's packets together; the replay is held to the same checks
///   and to the same region callbacks at the same instants, not to the whole timeline.
@Suite("every medium, both queues")
struct EveryMediumTests {
    enum Medium: String, CaseIterable, CustomTestStringConvertible {
        case calendarSkipping = "synthetic, calendar queue, skipping"
        case heapSkipping = "synthetic, heap, skipping"
        case heapPlain = "synthetic, heap, no skipping (the reference loop)"
        case calendarPlain = "synthetic, calendar queue, no skipping"
        case reference = "reference medium"
        case captureReplay = "capture replay"

        var testDescription: String { rawValue }

        /// Runs `scenario` (seed 7) through this medium.
        func run(_ scenario: Scenario) throws -> RunResult {
            let resolved = try ResolvedScenario(scenario)
            let world = World(resolved: resolved, seed: EveryMediumTests.seed)
            switch self {
            case .calendarSkipping: return world.run(mode: .fast)
            case .heapSkipping: return world.run(queue: SourceQueue(), skipping: true)
            case .heapPlain: return world.run(mode: .reference)
            case .calendarPlain: return world.run(queue: SourceCalendar(), skipping: false)
            case .reference:
                var medium = ReferenceMedium(resolved: resolved, seed: EveryMediumTests.seed)
                return world.run(through: &medium)
            case .captureReplay:
                let heard = PacketLog()
                world.phones[0].addRadioObserver(heard)
                _ = world.run(mode: .fast)
                let replay = try World(
                    externalRadioFor: scenario, phone: nil, duration: scenario.duration, seed: EveryMediumTests.seed)
                var medium = CaptureMedium(packets: heard.packets)
                return replay.run(through: &medium)
            }
        }

        /// Whether the medium models the whole radio (every phone, every beacon record).
        var isSynthetic: Bool { self != .captureReplay }
    }

    static let seed: UInt64 = 7

    /// A small scenario and what every medium must show of it.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let scenario: @Sendable () -> Scenario
        /// Checks of the run's trace that hold whatever the medium.
        let check: @Sendable (RunResult, Medium) -> Void

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "background monitoring through the store's walls") {
            StoreScenario.make(duration: 260_000_000_000)
        } check: { result, medium in
            let entered = result.trace.first { $0.event.name == "zoneEntered" }?.time
            let enter = result.trace.first { $0.event.name == "didEnterRegion" }?.time
            let exit = result.trace.first { $0.event.name == "didExitRegion" }?.time
            #expect(entered != nil && enter != nil && exit != nil, "\(medium)")
            if let entered, let enter, let exit {
                #expect(enter < exit, "\(medium)")
                #expect((enter - entered).seconds < 60, "entry within a minute of walking in (\(medium))")
            }
        },
        Case(name: "foreground ranging") {
            StoreScenario.make(duration: 200_000_000_000, initialState: .foreground, ranging: true)
        } check: { result, medium in
            let ranged = result.trace.compactMap { record -> Int? in
                guard case .didRangeBeacons(_, let beacons) = record.event else { return nil }
                return beacons.count
            }
            #expect(ranged.contains { $0 > 0 }, "the till beacon is ranged (\(medium))")
            #expect(ranged.contains(0), "and is gone once the shopper has left (\(medium))")
        },
        Case(name: "walls, a pocket, bystanders, fading and collisions") {
            var scenario = StoreScenario.make(duration: 90_000_000_000, staysInside: true)
            (scenario.radio.fading, scenario.radio.collisions, scenario.radio.crowds) = (true, true, true)
            (scenario.radio.packetErrors, scenario.radio.measurementNoise) = (true, 1.5)
            scenario.beacons.append(
                BeaconSpec(
                    name: "door", uuid: StoreScenario.uuid, major: 2, minor: 1, position: .init(x: 21, y: 7.5),
                    interval: 50_000_000))
            scenario.bystanders = [
                BystanderSpec(
                    name: "passer-by",
                    path: [
                        WaypointSpec(position: .init(x: 2, y: 7)), WaypointSpec(position: .init(x: 18, y: 7), speed: 0.5),
                        WaypointSpec(position: .init(x: 2, y: 7), speed: 0.5),
                    ])
            ]
            return scenario
        } check: { result, medium in
            #expect(knowsInside(result, phone: "alice"), "\(medium)")
            #expect(!result.trace.contains { $0.event.name == "didExitRegion" }, "she stays inside (\(medium))")
            if medium.isSynthetic { #expect(result.packetsReceived < result.packetsSent, "\(medium)") }
        },
        Case(name: "three phones, a beacon switched off and on") {
            var scenario = StoreScenario.make(duration: 150_000_000_000)
            scenario.beacons[0].schedule = [.init(at: 100_000_000_000, on: false), .init(at: 100_000_200_000, on: true)]
            var bob = scenario.phones[0]
            bob.name = "bob"
            bob.path = [WaypointSpec(position: .init(x: 5, y: 5))]
            var carol = scenario.phones[0]
            (carol.name, carol.os, carol.carry) = ("carol", "android-abl", .hand)
            carol.path = Array(carol.path.reversed())
            scenario.phones += [bob, carol]
            return scenario
        } check: { result, medium in
            for phone in medium.isSynthetic ? ["alice", "bob", "carol"] : ["alice"] {
                #expect(knowsInside(result, phone: phone), "\(phone) (\(medium))")
            }
            if medium.isSynthetic {
                #expect(result.trace.filter { $0.event.name.hasPrefix("beaconPower") }.count == 2, "\(medium)")
            }
        },
    ]

    /// Whether `phone`'s OS came to hold the store region inside (entering it, or starting there).
    static func knowsInside(_ result: RunResult, phone: String) -> Bool {
        result.trace.contains { record in
            guard record.phone == phone, case .osRegionState("store", .inside, _) = record.event else { return false }
            return true
        }
    }

    @Test("the same behaviour through every medium", arguments: Medium.allCases, cases)
    func behaviour(medium: Medium, of example: Case) throws {
        example.check(try medium.run(example.scenario()), medium)
    }

    /// The media that model the radio give the fast loop's timeline byte for byte; the capture
    /// replay gives its first phone's region callbacks at the same instants.
    @Test("timelines identical to the fast loop's", arguments: cases)
    func sameTimeline(of example: Case) throws {
        let scenario = example.scenario()
        let fast = try Medium.calendarSkipping.run(scenario)
        let callbacks = { (trace: [TraceRecord]) in
            TimelineWriter.text(trace.filter { $0.phone == scenario.phones[0].name && $0.event.name.hasPrefix("did") })
        }
        for medium in Medium.allCases.dropFirst() {
            let other = try medium.run(scenario)
            if medium.isSynthetic {
                #expect(other.packetsSent == fast.packetsSent, "\(medium)")
                #expect(other.packetsReceived == fast.packetsReceived, "\(medium)")
                #expect(TimelineWriter.text(other.trace) == TimelineWriter.text(fast.trace), "\(medium)")
            } else {
                #expect(callbacks(other.trace) == callbacks(fast.trace), "\(medium)")
            }
        }
    }
}

/// The packets a phone's radio received, as a capture would hold them.
private final class PacketLog: PhoneRadioObserver {
    var packets: [ReplayPacket] = []

    func scanPatternMayHaveChanged(_ pattern: ScanPattern?, at time: SimTime) {}

    func received(_ frame: AdvertisedFrame, from address: BluetoothAddress, source: Int, rssi: Int, at time: SimTime) {
        if case .ibeacon(let beacon) = frame {
            packets.append(ReplayPacket(time: time, frame: beacon, rssi: rssi, source: source))
        }
    }
}
