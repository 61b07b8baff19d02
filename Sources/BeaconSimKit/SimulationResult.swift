// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import Reporting

/// What a run of an app's own code produced: the timeline, what the app asked for, and metrics.
public struct SimulationResult: Sendable {
    /// A local notification that reached the timeline.
    public struct Notification: Hashable, Sendable {
        /// Simulated seconds since the start of the run.
        public var time: Double
        public var phone: String
        public var title: String
        public var body: String
    }

    public var seed: UInt64
    public var replication: Int
    /// Every trace record, in time order.
    public var records: [TraceRecord]
    /// What the app's code asked for (on every phone), in order.
    public var actions: [AppAction]
    /// Per-region and per-phone metrics, as `beaconsim run` writes them.
    public var metrics: [RegionMetrics]

    /// The timeline as timeline.jsonl text (byte-identical for the same scenario, app and seed).
    public var timeline: String { TimelineWriter.text(records) }

    /// The notifications posted, in time order.
    public var notifications: [Notification] {
        records.compactMap { record in
            guard case .notificationPosted(let title, let body) = record.event else { return nil }
            return Notification(time: record.time.seconds, phone: record.phone ?? "", title: title, body: body)
        }
    }

    /// The records whose timeline `event` name is `name` (e.g. "didEnterRegion", "callbackLost").
    public func events(named name: String) -> [TraceRecord] { records.filter { $0.event.name == name } }

    /// Callbacks the OS had for the app that never reached it.
    public var lostCallbacks: [TraceRecord] { events(named: "callbackLost") }

    /// The app's actions of one kind, e.g. `actions { if case .startedRanging = $0 { true } else { false } }`.
    public func actions(where matches: (AppAction.Kind) -> Bool) -> [AppAction] { actions.filter { matches($0.kind) } }
}
