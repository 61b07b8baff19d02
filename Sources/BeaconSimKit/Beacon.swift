// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation

/// `CLBeacon`: one beacon of a ranging callback.
public struct Beacon: Hashable, Sendable {
    public var uuid: UUID
    public var major: UInt16
    public var minor: UInt16
    public var proximity: Proximity
    /// Estimated distance in metres; −1 when it could not be determined.
    public var accuracy: Double
    /// Mean RSSI since the last callback, dBm; 0 when none was heard.
    public var rssi: Int
    /// When the beacon was last ranged, simulated seconds since the start of the run.
    public var timestamp: Double

    public init(
        uuid: UUID, major: UInt16, minor: UInt16, proximity: Proximity, accuracy: Double, rssi: Int, timestamp: Double
    ) {
        self.uuid = uuid
        self.major = major
        self.minor = minor
        self.proximity = proximity
        self.accuracy = accuracy
        self.rssi = rssi
        self.timestamp = timestamp
    }
}
