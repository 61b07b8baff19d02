// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising

/// A beacon for a controller to advertise: its iBeacon frame and advertising interval.
public struct AdvertisedBeacon: Hashable, Sendable {
    public var frame: IBeaconFrame
    /// Advertising interval in nanoseconds (100 ms for iBeacon by default).
    public var interval: Int64

    public init(frame: IBeaconFrame, interval: Int64 = 100_000_000) {
        self.frame = frame
        self.interval = interval
    }
}
