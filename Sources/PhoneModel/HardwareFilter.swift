// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// CoreLocation's hardware-assisted background detection (iPhone 5+, iOS 7.1+; behaviour.md §1.2):
/// the controller's filter hears every packet of a region in one of the system-wide slots; an
/// entry is reported after a drawn delay, an exit after the hysteresis plus a drawn delay, and some
/// exits are never delivered. Regions beyond the slots fall back to the software scan.
public struct HardwareFilter: Hashable, Sendable {
    /// System-wide hardware "priority" slots.
    public var slots: Int
    /// Delay from the first packet to the background entry.
    public var entryDelay: DelayDistribution
    /// Extra delay of a background exit after the hysteresis (minimum 0).
    public var exitDelay: DelayDistribution
    /// Probability that a background exit is never delivered.
    public var missedExitProbability: Double

    public init(slots: Int, entryDelay: DelayDistribution, exitDelay: DelayDistribution, missedExitProbability: Double) {
        self.slots = slots
        self.entryDelay = entryDelay
        self.exitDelay = exitDelay
        self.missedExitProbability = missedExitProbability
    }
}
