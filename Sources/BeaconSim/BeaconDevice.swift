// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import RadioPropagation

/// A beacon in a running world: its frames, place, power and advertising interval. Its advertising
/// state (advDelay stream, event count) lives in the world's `LinkTable`.
final class BeaconDevice {
    let name: String
    /// The frame of a beacon that sends one iBeacon frame and nothing else (the world's fast
    /// path); for any other beacon, which has a `rotation`, a placeholder never sent.
    let frame: IBeaconFrame
    /// Which frame each advertising event carries, nil for a beacon that sends only `frame`.
    let rotation: FrameRotation?
    /// The device address all its frames are captured with (`ResolvedBeacon.address`).
    let address: BluetoothAddress
    let position: PlanPoint
    /// Calibrated RSSI at 1 m, dBm (the link budget's anchor).
    let measuredPower: Double
    /// Advertising interval, nanoseconds.
    let interval: Int64
    /// Read for every advertising event; written only by general events, never during an access
    /// to it, so the dynamic exclusivity check is left out (as for the others marked so).
    @exclusivity(unchecked) var powered: Bool
    /// The floor the beacon is on.
    var floor = 0
    /// Whether the beacon has an entry in the world's advertising queue.
    @exclusivity(unchecked) var queued = false
    /// How many times the beacon's Bluetooth address has rotated (a phone acting as a beacon).
    @exclusivity(unchecked) var addressGeneration = 0
    /// The scheduled power-off instants, nanoseconds, in time order: an advertising event that
    /// began before one sends none of its later PDUs.
    @exclusivity(unchecked) var powerOffTimes: [Int64] = []
    @exclusivity(unchecked) private var nextPowerOffIndex = 0

    init(
        name: String, frame: IBeaconFrame, position: PlanPoint, measuredPower: Double, interval: Int64, powered: Bool,
        rotation: FrameRotation? = nil, address: BluetoothAddress? = nil
    ) {
        self.name = name
        self.frame = frame
        self.rotation = rotation
        self.address = address ?? PhoneHCIRecorder.address(of: frame.identity)
        self.position = position
        self.measuredPower = measuredPower
        self.interval = interval
        self.powered = powered
    }

    /// The first scheduled power-off strictly after `time` (nanoseconds), `Int64.max` when none.
    /// Calls must come with non-decreasing `time`, as advertising events do.
    func nextPowerOff(after time: Int64) -> Int64 {
        while nextPowerOffIndex < powerOffTimes.count, powerOffTimes[nextPowerOffIndex] <= time { nextPowerOffIndex += 1 }
        return nextPowerOffIndex < powerOffTimes.count ? powerOffTimes[nextPowerOffIndex] : .max
    }
}
