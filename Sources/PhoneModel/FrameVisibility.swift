// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising

/// The beacon formats that reach a phone's region monitor and ranging: CoreLocation sees iBeacon
/// only (platforms-2026.md §1.5, M); an Android Beacon Library app the layouts it registers
/// (ABL parses AltBeacon by default, others once their layout is added; §3, M).
public struct FrameVisibility: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    // Computed and inlinable: a stored constant is reached through an accessor call from other
    // modules, and the phone asks for `.ibeacon` at every event it hears.
    @inlinable public static var ibeacon: FrameVisibility { FrameVisibility(rawValue: 1 << 0) }
    @inlinable public static var altBeacon: FrameVisibility { FrameVisibility(rawValue: 1 << 1) }
    @inlinable public static var eddystoneUID: FrameVisibility { FrameVisibility(rawValue: 1 << 2) }

    /// CoreLocation: iBeacon only.
    public static let coreLocation: FrameVisibility = .ibeacon

    /// Whether frames like `frame` reach the monitor (URL and TLM frames identify no region).
    public func sees(_ frame: AdvertisedFrame) -> Bool {
        switch frame {
        case .ibeacon: contains(.ibeacon)
        case .altBeacon: contains(.altBeacon)
        case .eddystoneUID: contains(.eddystoneUID)
        case .eddystoneURL, .eddystoneTLM: false
        }
    }
}
