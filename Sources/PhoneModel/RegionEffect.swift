// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// What the region monitor decided; the phone turns these into app callbacks.
public enum RegionEffect: Sendable, Hashable {
    /// The OS moved the region to `inside` or `outside` (didEnter/didExit plus didDetermineState).
    /// `firstSeen` is the first packet after being outside (entries); `lastSeen` the last packet
    /// heard before an exit.
    case transition(RegionDefinition, to: RegionState, firstSeen: SimTime?, lastSeen: SimTime?)
    /// A state determination without a transition (initial state, requestState, screen-on).
    case determinedState(RegionDefinition, RegionState, reason: DeterminationReason)
    /// The OS refused to monitor the region (over the per-app limit).
    case monitoringFailed(RegionDefinition, reason: MonitoringFailure)
    /// The OS decided the phone left but will never tell the app (a missed exit).
    case exitLost(RegionDefinition, lastSeen: SimTime?)
}

/// Why the OS reported a region state outside a transition.
public enum DeterminationReason: String, Sendable, Hashable {
    case initial, requested, screenOn, bluetoothOn, bluetoothOff, reboot, permissionDenied
    /// Precise Location was turned off (iOS 14+: no region monitoring with reduced accuracy).
    case accuracyReduced
    /// Location Services were turned off system-wide.
    case locationServicesOff
}
