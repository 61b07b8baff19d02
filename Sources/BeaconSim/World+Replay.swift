// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat
internal import SimulationCore

/// Worlds whose radio is a capture or a live controller (`CaptureMedium`, Sessions' `LiveMedium`):
/// their packets reach the phone through `PhoneDevice.receive`, only when it listens at that
/// instant, so scan windows, lifecycle, region monitor and ranging behave as in a simulation.
extension World {
    /// A world for one phone of `scenario` (`phone` names it; nil: the first) with no beacons,
    /// lasting `duration` nanoseconds; `replication` seeds its streams as in `World(scenario:seed:replication:)`.
    /// Throws `ScenarioError` for an unknown phone or a scenario the models reject.
    public convenience init(
        externalRadioFor scenario: Scenario, phone: String?, duration: Int64, seed: UInt64, replication: Int = 0
    ) throws {
        try self.init(
            scenario: Self.externalRadioScenario(for: scenario, phone: phone, duration: duration), seed: seed,
            replication: replication)
    }

    /// `scenario` reduced to what an externally driven world runs: one phone (`phone`, nil: the
    /// first), no beacons, `duration` nanoseconds. Throws `ScenarioError` for an unknown phone.
    public static func externalRadioScenario(for scenario: Scenario, phone: String?, duration: Int64) throws -> Scenario {
        var reduced = scenario
        if let phone {
            guard let spec = scenario.phones.first(where: { $0.name == phone }) else {
                throw ScenarioError([
                    Diagnostic(
                        at: SourceLocation(file: scenario.sourcePath, line: 1, column: 1),
                        "no phone named '\(phone)'; phones: " + scenario.phones.map(\.name).joined(separator: ", "))
                ])
            }
            reduced.phones = [spec]
        } else {
            reduced.phones = Array(scenario.phones.prefix(1))
        }
        reduced.beacons = []
        reduced.duration = duration
        return reduced
    }

    /// The scenario the world runs (for externally driven worlds: one phone, no beacons).
    public var runScenario: Scenario { scenario }

    /// Offers `packet` to the world's first phone at `packet.time` (the world's current instant,
    /// inside `medium`'s delivery): returns whether the phone was listening and received it.
    public func offer<Medium: RadioMedium & ~Copyable>(_ packet: ReplayPacket, through medium: inout Medium) -> Bool {
        guard let phone = phones.first, phone.isListening(at: packet.time) else { return false }
        if phone.receive(packet.frame, source: packet.source, rssi: packet.rssi, at: packet.time).needsReschedule {
            reschedule(phone: 0, medium: &medium)
        }
        return true
    }
}
