// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import ScenarioFormat

/// Claims against recorded traffic (`replay`, `check --capture`): a capture's packets replace the
/// synthetic radio for one phone of the scenario, in every replication (the phone's own random
/// processes — scan phases, OS delays — still vary with the replication) and in every variant the
/// claims run on. Only claims about that phone (or about every phone) apply; the others are skipped.
/// `ReplicationMeasurement.measure(_:seed:replication:radio: .capture(…))` runs such a scenario.
public enum CaptureClaims {
    /// The length of a replay of `capture`, as `beaconsim replay` takes it by default: a BeaconSim
    /// capture's simulated duration, else its last observation plus `tail` nanoseconds (at least 1 ns).
    public static func runLength(of capture: CaptureReplay, tail: Int64) -> Int64 {
        max(capture.simulation?.duration ?? (capture.lastObservation.nanoseconds + tail), 1)
    }

    /// Whether every side of `claim` is about `phone` or about every phone.
    public static func applies(_ claim: ClaimSpec, to phone: String) -> Bool {
        claim.leaves.allSatisfy { leaf in
            [leaf.side.phone, leaf.versus?.phone].allSatisfy { $0 == nil || $0 == phone }
        }
    }

    /// `scenario` and each of its variants reduced to the replayed phone (nil: the first) with no
    /// beacons, lasting `duration` nanoseconds; its claims are those that apply to that phone.
    /// Throws `ScenarioError` for an unknown phone.
    public static func reduced(_ scenario: Scenario, phone: String?, duration: Int64) throws -> Scenario {
        var reduced = try World.externalRadioScenario(for: scenario, phone: phone, duration: duration)
        let name = reduced.phones.first?.name ?? ""
        reduced.expect = scenario.expect.filter { applies($0, to: name) }
        for index in reduced.variants.indices {
            reduced.variants[index].scenario = try World.externalRadioScenario(
                for: reduced.variants[index].scenario, phone: name, duration: duration)
        }
        return reduced
    }
}
