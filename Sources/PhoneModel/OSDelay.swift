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
    }

    public var kind: Kind
    public var duration: SimDuration
    public var distribution: String

    public init(kind: Kind, duration: SimDuration, distribution: String) {
        self.kind = kind
        self.duration = duration
        self.distribution = distribution
    }
}
