// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import Foundation
public import Reporting
public import ScenarioFormat

/// What every session (`run`, `replay`, `listen`) does around its simulation: a new results folder
/// named for the session, its timing, and a manifest that records the run's counters beside the
/// session's own fields.
public struct SessionFolder {
    public let store: ResultsStore
    public let clock: any SessionClock
    /// The new, empty folder the session writes into.
    public let directory: URL

    /// Creates `store/<scenario>/<time>-<label>` (never an existing folder).
    public init(store: ResultsStore, scenario: String, label: String, clock: any SessionClock) throws {
        self.store = store
        self.clock = clock
        directory = try store.newRunDirectory(scenario: scenario, label: label, now: clock.startedAt)
    }

    /// Seconds since the session started.
    public var wallSeconds: Double { clock.elapsed().seconds }

    /// The manifest of a session that ran `scenario`: command, seed, timing, the result's packet
    /// and event counters (`packetsName` names the sent count: packets sent, or offered by a
    /// capture), then `extra`.
    public func manifest(
        command: String, scenario: Scenario, seed: UInt64, result: RunResult, packetsName: String = "packetsSent",
        wallSeconds: Double, extra: [(String, String)]
    ) -> RunManifest {
        RunManifest(
            command: command, scenario: scenario, seed: seed, replications: 1, startedAt: clock.startedAt,
            wallTimeSeconds: wallSeconds,
            extra: extra + [
                (packetsName, String(result.packetsSent)), ("packetsReceived", String(result.packetsReceived)),
                ("events", String(result.eventsHandled)),
            ])
    }

    /// Removes the folder when nothing was written into it (a session that failed before any result).
    public func removeIfEmpty() { rmdir(directory.path) }
}
