// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// A delay the OS drew that decides when a callback comes: its kind, the value drawn and the
/// distribution it was drawn from (as `DelayDistribution.description` names it), so a timeline
/// can say why an exit came late (timeline.jsonl's `osDelayDrawn`).
public struct OSDelay: Sendable, Hashable {
    /// Which of the profile's delays was drawn.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The hardware filter's delay before a background entry is reported (`HardwareFilter.entryDelay`).
        case backgroundEntryDelay
        /// The hardware filter's extra delay before a background exit is reported (`HardwareFilter.exitDelay`).
        case backgroundExitDelay
        /// Android 8+ scan jobs (`ScanJobs`): the drawn time from the previous job's start (or from
        /// when the app went to the background) to the start of the job whose scan decided an entry
        /// or exit — JobScheduler's spacing that makes background callbacks minutes late.
        case scanJobDelay
    }

    public var kind: Kind
    public var duration: SimDuration
    public var distribution: String
    /// Where the delay ended when that is not the instant of the decision it explains: a scan job's
    /// start (later than the drawn delay when Doze or the standby bucket's quota deferred the job);
    /// nil for the hardware filter's delays, which end at the decision.
    public var endsAt: SimTime?

    public init(kind: Kind, duration: SimDuration, distribution: String, endsAt: SimTime? = nil) {
        self.kind = kind
        self.duration = duration
        self.distribution = distribution
        self.endsAt = endsAt
    }
}
