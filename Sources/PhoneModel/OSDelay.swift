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
        /// iOS's periodic software background scan (no hardware filter, or a region beyond its
        /// slots): where the phone's scans sit within their interval, drawn once per phone uniform
        /// over one interval (`ScanScheduler.softwareScanAnchor`). The value is that offset; the
        /// decision came at the scan that started at `endsAt`, after no scan since `quietSince`.
        case softwareScanPhase
        /// The Android Beacon Library's periodic background cycles (Android 5–7) when they were
        /// already running as the run began: where the phone's cycles sit within one cycle, drawn
        /// once per phone uniform over one cycle (`phone/<name>/cyclePhase`). Cycles restarted by an
        /// event (the app going to the background, Bluetooth on) sit at that event and draw nothing.
        case backgroundCyclePhase
    }

    public var kind: Kind
    public var duration: SimDuration
    public var distribution: String
    /// Where the delay ended when that is not the instant of the decision it explains: a scan job's
    /// start (later than the drawn delay when Doze or the standby bucket's quota deferred the job),
    /// or for a phase the start of the scan window that decided; nil for the hardware filter's
    /// delays, which end at the decision.
    public var endsAt: SimTime?
    /// For a phase: the end of the scan window before the one that decided (the radio did not scan
    /// from then to `endsAt`); nil for other kinds.
    public var quietSince: SimTime?

    public init(kind: Kind, duration: SimDuration, distribution: String, endsAt: SimTime? = nil, quietSince: SimTime? = nil) {
        self.kind = kind
        self.duration = duration
        self.distribution = distribution
        self.endsAt = endsAt
        self.quietSince = quietSince
    }

    /// The drawn phase `phase` of `pattern` (its windows' offset within the interval, drawn uniform
    /// over one interval) deciding at `now`: the window that decided is the last one starting at or
    /// before `now`.
    static func phase(_ kind: Kind, _ phase: SimDuration, of pattern: ScanPattern, deciding now: SimTime) -> OSDelay {
        let start = SimTime(nanoseconds: now.nanoseconds - pattern.offset(of: now))
        let quiet = start - pattern.interval + pattern.window
        return OSDelay(
            kind: kind, duration: phase,
            distribution: "uniform (0 s…\(DelayDistribution.label(pattern.interval)))", endsAt: start,
            quietSince: max(quiet, .zero))
    }
}
