// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising
public import SimulationCore

/// The conditions Core Location keeps for one app's `CLMonitor`, as a pure state machine
/// (platforms-2026.md §1.2–1.3): what persists across launches and reboots (the conditions and
/// each one's last event), whether the app's current process has the monitor open, the events
/// pending for it, and the rules of the API:
/// - conditions persist until removed (Apple, H); adding one past `conditionLimit` is not an error:
///   its events carry `conditionLimitExceeded` and it is not served (Apple, H; the figure L);
/// - re-adding an unchanged condition resets its state when `readdResets` (L);
/// - events wait for an open monitor; when the process that was launched for them finishes
///   launching without opening one, Core Location stops monitoring those conditions
///   (`pendingEventStopsMonitoring`, Apple, H), and the next monitor opened is told `unmonitored`;
/// - the first determination is an event unless it equals the state the app assumed (inference, L);
///   a repeated state is an event too ("the same state can arrive more than once", L).
public struct MonitorConditions: Sendable {
    /// One condition as Core Location keeps it.
    public struct Condition: Sendable, Hashable {
        public var definition: RegionDefinition
        /// The state of its last event (`record(for:).lastEvent`), or the assumed one.
        public var state: ConditionState
        /// Beyond the condition limit: not served.
        public var overLimit: Bool
        /// An event waiting for a monitor to be opened.
        public var pending: MonitorEvent?
        /// The monitor has not been told yet that this condition went unmonitored.
        var unmonitoredUntold = false
        /// Kept from before the run with no assumed state: its state was determined then, so the
        /// first determination of the run records the state without an event.
        var determinedBefore = false
    }

    /// What `add` did, so the phone knows whether the OS (re)starts detecting the condition.
    public enum AddOutcome: Sendable, Hashable {
        /// A new condition, served: start detecting.
        case added
        /// An unchanged condition re-added with `readdResets`: detection starts afresh.
        case reset
        /// Already there (unchanged, no reset; or the app only adds what is absent): nothing to do.
        case unchanged
        /// Past the limit: kept, not served; its event says `conditionLimitExceeded`.
        case overLimit(MonitorEvent)
    }

    public let support: CLMonitorSupport
    /// In the order they were added.
    public private(set) var conditions: [Condition] = []
    /// Whether the app's current process holds the monitor open (`CLMonitor(name)`).
    public private(set) var isOpen = false

    public init(support: CLMonitorSupport) { self.support = support }

    /// The condition `identifier`, if kept.
    public func condition(_ identifier: String) -> Condition? { conditions.first { $0.definition.identifier == identifier } }

    /// `add(_:identifier:assuming:)`; with `onlyIfAbsent`, an app that checks `record(for:)` first.
    /// A condition kept from before the run (`restored`), added with no assumed state, had its state
    /// determined then: its first determination in the run is recorded without an event.
    public mutating func add(
        _ definition: RegionDefinition, assuming: ConditionState, onlyIfAbsent: Bool, restored: Bool = false
    ) -> AddOutcome {
        if let index = index(definition.identifier) {
            if onlyIfAbsent { return .unchanged }
            let unchanged = conditions[index].definition == definition
            if unchanged, !support.readdResets { return .unchanged }
            conditions[index].definition = definition
            conditions[index].state = assuming
            conditions[index].pending = nil
            return conditions[index].overLimit ? .unchanged : (unchanged ? .reset : .added)
        }
        let served = conditions.filter { !$0.overLimit }.count < support.conditionLimit
        conditions.append(
            Condition(
                definition: definition, state: assuming, overLimit: !served,
                determinedBefore: restored && assuming == .unknown))
        guard served else {
            return .overLimit(
                MonitorEvent(identifier: definition.identifier, state: .unknown, diagnostics: [.conditionLimitExceeded]))
        }
        return .added
    }

    /// `remove(_:)`: the condition and anything pending for it are gone.
    public mutating func remove(_ identifier: String) { conditions.removeAll { $0.definition.identifier == identifier } }

    /// The event Core Location has for the app when it decides `state` for condition `identifier`;
    /// nil when there is none (an unknown or unmonitored condition, or a first determination equal
    /// to the assumed state). Records the state as the condition's last event.
    public mutating func event(
        _ identifier: String, state: ConditionState, firstDetermination: Bool = false, refinement: IBeaconIdentity? = nil,
        diagnostics: [MonitorDiagnostic] = [], firstPacket: SimTime? = nil, lastPacket: SimTime? = nil
    ) -> MonitorEvent? {
        guard let index = index(identifier), !conditions[index].overLimit, conditions[index].state != .unmonitored else {
            return nil
        }
        let previous = conditions[index].state
        conditions[index].state = state
        if firstDetermination, conditions[index].determinedBefore {
            conditions[index].determinedBefore = false
            if diagnostics.isEmpty { return nil }
        }
        if firstDetermination, previous == state, diagnostics.isEmpty { return nil }
        return MonitorEvent(
            identifier: identifier, state: state, refinement: refinement, diagnostics: diagnostics, firstPacket: firstPacket,
            lastPacket: lastPacket)
    }

    /// Keeps `event` until a monitor is opened (only the newest per condition).
    public mutating func hold(_ event: MonitorEvent) {
        guard let index = index(event.identifier) else { return }
        conditions[index].pending = event
    }

    /// The current process opens the monitor (again: an open monitor takes what is waiting): the
    /// events it has been waiting for, in condition order — pending ones, and `unmonitored` for conditions Core Location stopped monitoring.
    public mutating func open() -> [MonitorEvent] {
        isOpen = true
        var events: [MonitorEvent] = []
        for index in conditions.indices {
            if conditions[index].unmonitoredUntold {
                conditions[index].unmonitoredUntold = false
                events.append(MonitorEvent(identifier: conditions[index].definition.identifier, state: .unmonitored))
            }
            if let pending = conditions[index].pending {
                conditions[index].pending = nil
                events.append(pending)
            }
        }
        return events
    }

    /// The process ended: its monitor is closed (the conditions stay).
    public mutating func close() { isOpen = false }

    /// A process launched for pending events finished launching: if it did not open the monitor,
    /// Core Location stops monitoring every condition with an event pending. Returns their
    /// identifiers (the phone stops detecting them).
    public mutating func launchFinished() -> [String] {
        guard !isOpen, support.pendingEventStopsMonitoring else { return [] }
        var stopped: [String] = []
        for index in conditions.indices where conditions[index].pending != nil {
            conditions[index].pending = nil
            conditions[index].state = .unmonitored
            conditions[index].unmonitoredUntold = true
            stopped.append(conditions[index].definition.identifier)
        }
        return stopped
    }

    /// Drops the event waiting for condition `identifier` (it was lost instead).
    public mutating func dropPending(_ identifier: String) {
        guard let index = index(identifier) else { return }
        conditions[index].pending = nil
    }

    /// Whether any condition has an event waiting.
    public var hasPending: Bool { conditions.contains { $0.pending != nil } }

    private func index(_ identifier: String) -> Int? { conditions.firstIndex { $0.definition.identifier == identifier } }
}
