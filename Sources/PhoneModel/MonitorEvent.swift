// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising
public import SimulationCore

/// One `CLMonitor.Event`: the condition it is about, its state, the beacon that satisfied a
/// wildcard condition (`refinement`) and the diagnostics (Apple `CLMonitor.Event` doc, H).
public struct MonitorEvent: Sendable, Hashable {
    /// The condition's identifier (the scenario's region name).
    public var identifier: String
    public var state: ConditionState
    /// "The most specific condition that this event can apply to": the beacon heard, for a
    /// `satisfied` event of a wildcard condition (Apple `Event.refinement` doc, H).
    public var refinement: IBeaconIdentity?
    /// Sorted, without repeats.
    public var diagnostics: [MonitorDiagnostic]
    /// The first packet heard after being outside (a satisfied transition), for entry latency.
    public var firstPacket: SimTime?
    /// The last packet heard before an unsatisfied transition, for exit latency.
    public var lastPacket: SimTime?

    public init(
        identifier: String, state: ConditionState, refinement: IBeaconIdentity? = nil, diagnostics: [MonitorDiagnostic] = [],
        firstPacket: SimTime? = nil, lastPacket: SimTime? = nil
    ) {
        self.identifier = identifier
        self.state = state
        self.refinement = refinement
        self.diagnostics = Array(Set(diagnostics)).sorted()
        self.firstPacket = firstPacket
        self.lastPacket = lastPacket
    }
}
