// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import RadioPropagation

/// A beacon in a running world: its frames, place, power and advertising interval. Its advertising
/// state (advDelay stream, event count, power-off cursor) lives in the synthetic medium.
final class BeaconDevice {
    // The fields read at every advertising event heard (`SyntheticMedium.deliver`) come first and
    // together, so an event touches the start of the object rather than lines spread over it.
    /// The frame of a beacon that sends one iBeacon frame and nothing else (the world's fast
    /// path); for any other beacon, which has a `rotation`, a placeholder never sent.
    let frame: IBeaconFrame
    /// How many times the beacon's Bluetooth address has rotated (a phone acting as a beacon).
    var addressGeneration = 0
    /// The device address all its frames are captured with (`ResolvedBeacon.address`).
    let address: BluetoothAddress
    /// Which frame each advertising event carries, nil for a beacon that sends only `frame`.
    let rotation: FrameRotation?
    let name: String
    let position: PlanPoint
    /// Calibrated RSSI at 1 m, dBm (the link budget's anchor).
    let measuredPower: Double
    /// Advertising interval, nanoseconds.
    let interval: Int64
    /// Whether the beacon is switched on (written by the world's power events; the synthetic
    /// medium keeps its own copy, told by `RadioMedium.beaconPowerChanged`).
    var powered: Bool
    /// The floor the beacon is on.
    var floor = 0

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
}
