// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising

/// One entry of a didRangeBeacons callback, shaped like `CLBeacon`.
public struct RangedBeacon: Sendable, Hashable {
    public var identity: IBeaconIdentity
    /// Mean RSSI of the packets since the last callback, dBm; 0 when none was heard.
    public var rssi: Int
    /// Estimated distance in metres; −1 when it could not be determined.
    public var accuracy: Double
    public var proximity: Proximity

    public init(identity: IBeaconIdentity, rssi: Int, accuracy: Double, proximity: Proximity) {
        self.identity = identity
        self.rssi = rssi
        self.accuracy = accuracy
        self.proximity = proximity
    }
}
