// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import BeaconSim
import Foundation
import ScenarioFormat
import SimulationCore
import Testing

/// The seam between the run loop and a radio medium (`RadioMedium`, `RunLoop`): the same-instant
/// rule, a medium that closes, and the capture medium's bounds.
@Suite("Radio medium seam")
struct RadioMediumTests {
    static func world(duration: Int64 = 60_000_000_000) throws -> World {
        let scenario = try ScenarioLoader.load(path: "Tests/EndToEndTests/Fixtures/replay-phone.yaml", catalogue: .standard)
        return try World(externalRadioFor: scenario, phone: nil, duration: duration, seed: 1)
    }

    static let frame = IBeaconFrame(
        identity: IBeaconIdentity(
            uuid: BeaconUUID(string: "494E5445-4C4C-495F-524F-434B535F4857")!, major: 20594, minor: 62207),
        measuredPower: -62)

    /// A medium with one arrival at `arrival` that records each limit it is asked about, and
    /// closes at `closing` when given.
    struct ScriptedMedium: RadioMedium {
        var arrival: SimTime?
        var closing: SimTime?
        var limits: [SimTime] = []
        var delivered: [SimTime] = []
        var packetsSent: Int { delivered.count }
        var packetsReceived: Int { 0 }

        mutating func start(in world: World) {}

        mutating func nextArrival(notAfter limit: SimTime) -> MediumArrival {
            limits.append(limit)
            if let arrival, arrival <= limit { return .at(arrival) }
            if let closing, closing <= limit { return .closed(at: closing) }
            return .none
        }

        mutating func deliver(at time: SimTime, in world: World) -> Bool {
            delivered.append(time)
            arrival = nil
            return false
        }
    }

    @Test("at the same instant the world's event goes first: the medium is asked only before it")
    func worldEventFirst() throws {
        var medium = ScriptedMedium(arrival: .zero)
        _ = try Self.world().run(through: &medium)
        // The phone starts at t = 0: the first question is for the instant before it.
        #expect(medium.limits.first == SimTime(nanoseconds: -1))
        #expect(medium.delivered == [.zero])
    }

    @Test("a medium that closes ends the run there: no event after it is handled")
    func closingEndsTheRun() throws {
        var open = ScriptedMedium()
        let whole = try Self.world().run(through: &open)
        var closing = ScriptedMedium(closing: .seconds(5))
        let cut = try Self.world().run(through: &closing)
        #expect(cut.trace.allSatisfy { $0.time <= .seconds(5) })
        #expect(cut.trace == whole.trace.filter { $0.time <= .seconds(5) })
        #expect(cut.eventsHandled < whole.eventsHandled)
    }

    @Test("the capture medium offers the packets up to the end, and the same packets give the same run")
    func captureMediumBounds() throws {
        let packets = (0..<40).map { second in
            ReplayPacket(time: SimTime(nanoseconds: Int64(second) * 2_000_000_000), frame: Self.frame, rssi: -60, source: 0)
        }
        var medium = CaptureMedium(packets: packets)
        let result = try Self.world(duration: 30_000_000_000).run(through: &medium)
        #expect(result.packetsSent == 16)  // 0, 2, …, 30 s
        #expect(result.packetsReceived <= result.packetsSent)
        var again = CaptureMedium(packets: packets)
        #expect(try Self.world(duration: 30_000_000_000).run(through: &again).trace == result.trace)
    }
}
