// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
public import Reporting

/// What `Experiment.execute` or `ShardMerger.merge` wrote.
public struct ExperimentOutcome: Sendable {
    public var folder: ExperimentFolder
    public var directory: URL
    /// Per grid point, the claims evaluated over its replications (empty for a shard).
    public var points: [[ClaimOutcome]]
    /// Replications that finished (for a shard: its own).
    public var recordCount: Int
    public var wallSeconds: Double
    public var startedAt: Date
    /// The exit status a signal asked for (130 Ctrl-C, 143 SIGTERM); nil when none arrived.
    public var interruptStatus: Int32? = nil
    /// Replications whose timelines were kept (`check --keep-timelines`), in replication order.
    public var keptReplications: [Int] = []
    /// What `merge` decided about repeated shards (which copy it used, and why).
    public var notes: [String] = []

    public var passed: Bool { points.allSatisfy { $0.allSatisfy(\.passed) } }
}
