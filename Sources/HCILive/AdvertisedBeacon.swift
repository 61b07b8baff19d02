// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising

/// A beacon for a controller to advertise: its frames (one, or several taking turns per advertising
/// event: `FrameRotation`) and advertising interval.
public struct AdvertisedBeacon: Hashable, Sendable {
    public var rotation: FrameRotation
    /// Advertising interval in nanoseconds (100 ms for iBeacon by default).
    public var interval: Int64

    public init(rotation: FrameRotation, interval: Int64 = 100_000_000) {
        self.rotation = rotation
        self.interval = interval
    }

    /// A beacon sending one iBeacon frame.
    public init(frame: IBeaconFrame, interval: Int64 = 100_000_000) {
        self.init(rotation: FrameRotation(single: .ibeacon(frame)), interval: interval)
    }

    /// Whether every advertising event carries the same data.
    public var sendsOneFrame: Bool { rotation.isSingleFrame }

    /// The AdvData of the beacon's `event`-th advertising event (from 0), `time` ns after
    /// advertising started (a TLM frame's uptime).
    public func advertisingData(forEvent event: UInt64, at time: Int64 = 0) -> [UInt8] {
        rotation.frame(forEvent: event).advertisingData(at: time)
    }
}
