// SPDX-License-Identifier: GPL-3.0-or-later

/// One beacon: the frames it sends (iBeacon, Eddystone, AltBeacon, alone or interleaved), place,
/// power and advertising interval, and an on/off schedule.
public struct BeaconSpec: Sendable, Equatable {
    public var name: String
    /// Whether the beacon sends iBeacon frames (`ibeacon:`); when false, `uuid`, `major` and
    /// `minor` are unused (empty and 0).
    public var sendsIBeacon = true
    /// Eddystone frames (`eddystone:`), nil: none.
    public var eddystone: EddystoneSpec?
    /// An AltBeacon frame (`altbeacon:`), nil: none.
    public var altBeacon: AltBeaconSpec?
    /// Proximity UUID, canonical upper-case text (validated to parse).
    public var uuid: String
    public var major: UInt16
    public var minor: UInt16
    public var position: Point2D
    /// The floor the beacon is on (default 0).
    public var floor: Int = 0
    /// Transmit power, dBm (default 0).
    public var txPower: Double
    /// Calibrated RSSI at 1 m, dBm (default −59 + txPower: Blue Charm table, behaviour.md §4).
    public var measuredPower: Double
    /// Advertising interval in nanoseconds (default 100 ms, the iBeacon figure; behaviour.md §4).
    public var interval: Int64
    /// Power changes in time order; the beacon starts powered on unless the first entry at 0 says off.
    public var schedule: [PowerChange]
    /// For a phone acting as a beacon: how often its Bluetooth address rotates, nanoseconds (iOS
    /// about every 15 min; behaviour.md §1.7, M). nil: a fixed address.
    public var addressRotation: Int64?
    /// Share of 1 s slots in which this beacon's packets, where they reach a phone at all, make it
    /// into the phone's report, 0 < r ≤ 1 (a beacon that skips advertising events, a poorly placed
    /// antenna, a busy channel near it; fitted per beacon by `beaconsim fit`). nil: not set (1).
    public var reportShare: Double?
    /// Chip and battery for the battery-life estimate (`chip:` and `battery:`, both or neither);
    /// nil: not given, no estimate.
    public var power: BeaconPowerSpec?
    /// Where the beacon is written in its file (`.unknown` for a scenario built in code).
    public var location: SourceLocation = .unknown

    public init(
        name: String, uuid: String, major: UInt16, minor: UInt16, position: Point2D, txPower: Double = 0,
        measuredPower: Double = -59, interval: Int64 = 100_000_000, schedule: [PowerChange] = []
    ) {
        self.name = name
        self.uuid = uuid
        self.major = major
        self.minor = minor
        self.position = position
        self.txPower = txPower
        self.measuredPower = measuredPower
        self.interval = interval
        self.schedule = schedule
    }

    /// `{ at: 5m, power: off }`.
    public struct PowerChange: Sendable, Equatable {
        public var at: Int64
        public var on: Bool

        public init(at: Int64, on: Bool) {
            self.at = at
            self.on = on
        }
    }
}
