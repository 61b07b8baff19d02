// SPDX-License-Identifier: GPL-3.0-or-later

extension AppCallback {
    /// A callback's name without its arguments (`callbackLost` in the timeline names it by the raw value).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case didFinishLaunching, didEnterRegion, didExitRegion, didDetermineState, didRangeBeacons
        case monitoringDidFail, backgroundTimeExpiring, didChangeAuthorization, timerFired, monitorEvent
    }

    /// This callback's kind.
    public var kind: Kind {
        switch self {
        case .didFinishLaunching: .didFinishLaunching
        case .didEnterRegion: .didEnterRegion
        case .didExitRegion: .didExitRegion
        case .didDetermineState: .didDetermineState
        case .didRangeBeacons: .didRangeBeacons
        case .monitoringDidFail: .monitoringDidFail
        case .backgroundTimeExpiring: .backgroundTimeExpiring
        case .didChangeAuthorization: .didChangeAuthorization
        case .timerFired: .timerFired
        case .monitorEvent: .monitorEvent
        }
    }

    /// The region the callback is about, if any.
    public var regionIdentifier: String? {
        switch self {
        case .didEnterRegion(let region), .didExitRegion(let region), .didDetermineState(let region, _),
            .didRangeBeacons(_, let region), .monitoringDidFail(let region, _):
            region.identifier
        case .monitorEvent(let event): event.identifier
        case .didFinishLaunching, .backgroundTimeExpiring, .didChangeAuthorization, .timerFired: nil
        }
    }
}
