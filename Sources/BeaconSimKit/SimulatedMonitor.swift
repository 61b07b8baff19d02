// SPDX-License-Identifier: GPL-3.0-or-later

/// `CLMonitor` (iOS 17+) for beacon identity conditions: a named monitor the app opens in every
/// process with `await SimulatedMonitor("name")`, whose `events` it iterates inside a
/// `SimulatedTask`, on the simulated clock.
///
/// ```swift
/// SimulatedTask {
///     let monitor = await SimulatedMonitor("store")
///     if await monitor.record(for: "store") == nil {
///         await monitor.add(BeaconIdentityCondition(uuid: uuid, major: 1), identifier: "store")
///     }
///     for try await event in await monitor.events { … }
/// }
/// ```
///
/// What Core Location does with it is the phone model's (docs/phone-model.md, "CLMonitor"):
/// - conditions persist across launches, kills and reboots until removed: `identifiers` and
///   `record(for:)` read what Core Location keeps, in any process;
/// - re-adding an unchanged condition resets its state on `ios-17`+ (`conditionReaddResets`, L):
///   check `record(for:)` first;
/// - past the limit (20) `add` succeeds, and the condition's events say `conditionLimitExceeded`;
/// - an event reaches only a process that has opened the monitor: an app relaunched for an event
///   must open it again during launch (in `didFinishLaunching`, or in a task started there), or
///   Core Location stops monitoring the condition (`conditionUnmonitored` on the timeline, an
///   `unmonitored` event when a monitor is next opened);
/// - on `ios-18`+ background events need a held `SimulatedServiceSession(authorization: .always)`;
/// - Precise Location off: `unsatisfied` events with `accuracyLimited`, and nothing else.
///
/// The phone model keeps one monitor per app: every name opens the same conditions. Keep the
/// monitor alive (a property of the app delegate, or the task iterating `events`): events reach
/// only live monitors of the running process.
public final class SimulatedMonitor {
    /// The name the monitor was opened with.
    public let name: String
    weak var process: _AppProcess?
    let buffer = _MonitorEventBuffer()

    /// `await CLMonitor(name)`: opens the app's monitor in this process; events Core Location kept
    /// for it (and `unmonitored` for conditions it stopped) are delivered to it. Outside the app's
    /// code (no process) the monitor is closed and never gets events.
    public init(_ name: String) async {
        self.name = name
        process = _CurrentProcess.running?.process
        process?.opened(self)
    }

    /// `add(_:identifier:)`: adds (or replaces) condition `identifier`, starting `unknown`.
    public func add(_ condition: BeaconIdentityCondition, identifier: String) async {
        process?.add(condition, identifier: identifier, assuming: .unknown)
    }

    /// `add(_:identifier:assuming:)`: adds (or replaces) condition `identifier`, starting in the
    /// state the app asserts.
    public func add(_ condition: BeaconIdentityCondition, identifier: String, assuming state: MonitoringState) async {
        process?.add(condition, identifier: identifier, assuming: state)
    }

    /// `remove(_:)`: Core Location stops monitoring the condition and forgets it.
    public func remove(_ identifier: String) async { process?.removeCondition(identifier) }

    /// `record(for:)`: the condition Core Location keeps under `identifier` and its last event.
    public func record(for identifier: String) async -> Record? { process?.bridge.record(for: identifier) }

    /// `identifiers`: every condition Core Location keeps for the app, in the order added.
    public var identifiers: [String] { get async { process?.bridge.kept.map(\.identifier) ?? [] } }

    /// `events`: the monitor's events, in the order Core Location delivers them, each at its
    /// simulated instant. Iterate it in a `SimulatedTask`; the loop's body runs at the instant of
    /// the event. The sequence never ends by itself; cancelling the task ends it with
    /// `CancellationError`.
    public var events: Events { get async { Events(buffer: buffer) } }
}

extension SimulatedMonitor {
    /// `CLMonitor.BeaconIdentityCondition`.
    public typealias BeaconIdentityCondition = BeaconSimKit.BeaconIdentityCondition

    /// `CLMonitor.Event`: the condition's identifier, its state, when (simulated seconds), the
    /// beacon that satisfied a wildcard condition (`refinement`) and the diagnostics. An
    /// `unsatisfied` event with diagnostics means "cannot tell", not an exit; the same state can
    /// arrive more than once.
    public struct Event: Hashable, Sendable {
        public var identifier: String
        public var state: MonitoringState
        /// Simulated seconds since the start of the run.
        public var date: Double
        /// "The most specific condition that this event can apply to": the beacon heard, for a
        /// `satisfied` event (Apple `Event.refinement` doc).
        public var refinement: BeaconIdentityCondition?
        /// Sorted, without repeats.
        public var diagnostics: [MonitorDiagnostic]

        public init(
            identifier: String, state: MonitoringState, date: Double, refinement: BeaconIdentityCondition? = nil,
            diagnostics: [MonitorDiagnostic] = []
        ) {
            self.identifier = identifier
            self.state = state
            self.date = date
            self.refinement = refinement
            self.diagnostics = diagnostics
        }

        public var accuracyLimited: Bool { diagnostics.contains(.accuracyLimited) }
        public var authorizationDenied: Bool { diagnostics.contains(.authorizationDenied) }
        public var authorizationDeniedGlobally: Bool { diagnostics.contains(.authorizationDeniedGlobally) }
        public var authorizationRestricted: Bool { diagnostics.contains(.authorizationRestricted) }
        public var authorizationRequestInProgress: Bool { diagnostics.contains(.authorizationRequestInProgress) }
        public var insufficientlyInUse: Bool { diagnostics.contains(.insufficientlyInUse) }
        public var persistenceUnavailable: Bool { diagnostics.contains(.persistenceUnavailable) }
        public var serviceSessionRequired: Bool { diagnostics.contains(.serviceSessionRequired) }
        public var conditionUnsupported: Bool { diagnostics.contains(.conditionUnsupported) }
        public var conditionLimitExceeded: Bool { diagnostics.contains(.conditionLimitExceeded) }
    }

    /// `CLMonitor.Record`: a condition Core Location keeps and its last event (the assumed state,
    /// dated when added, until an event replaces it). A state Core Location decided while the app
    /// could not be told (events lost without a service session, a condition it stopped
    /// monitoring) is dated when the app's code could first read it.
    public struct Record: Hashable, Sendable {
        public var condition: BeaconIdentityCondition
        public var lastEvent: Event
    }

    /// `CLMonitor.Events`: an `AsyncSequence` of the monitor's events.
    public struct Events: AsyncSequence, Sendable {
        public typealias Element = Event
        let buffer: _MonitorEventBuffer

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(buffer: buffer) }

        public struct AsyncIterator: AsyncIteratorProtocol {
            let buffer: _MonitorEventBuffer

            /// The next event, as soon as (in simulated time) Core Location delivers it.
            public mutating func next() async throws -> Event? { try await buffer.next() }
        }
    }
}
