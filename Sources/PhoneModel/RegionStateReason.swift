// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a region state was reported (`reason` of `osRegionState` and `didDetermineState` in the
/// timeline, written as the raw value): a transition, or one of the determinations outside one.
public enum RegionStateReason: String, Sendable, Hashable, CaseIterable {
    case transition, initial, requested, screenOn, bluetoothOn, bluetoothOff, reboot, permissionDenied
    case accuracyReduced, locationServicesOff

    /// The reason for a state determined outside a transition.
    public init(_ determination: DeterminationReason) {
        switch determination {
        case .initial: self = .initial
        case .requested: self = .requested
        case .screenOn: self = .screenOn
        case .bluetoothOn: self = .bluetoothOn
        case .bluetoothOff: self = .bluetoothOff
        case .reboot: self = .reboot
        case .permissionDenied: self = .permissionDenied
        case .accuracyReduced: self = .accuracyReduced
        case .locationServicesOff: self = .locationServicesOff
        }
    }
}
