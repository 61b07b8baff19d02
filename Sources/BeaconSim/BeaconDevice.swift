// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import RadioPropagation

/// A beacon in a running world: identity, place, power and advertising interval. Its advertising
/// state (advDelay stream, event count) lives in the world's `LinkTable`.
final class BeaconDevice {
    let name: String
    let frame: IBeaconFrame
    let position: PlanPoint
    /// Calibrated RSSI at 1 m, dBm (the link budget's anchor).
    let measuredPower: Double
    /// Advertising interval, nanoseconds.
    let interval: Int64
    /// Read for every advertising event; written only by general events, never during an access
    /// to it, so the dynamic exclusivity check is left out (as for the two below).
    @exclusivity(unchecked) var powered: Bool
    /// The floor the beacon is on.
    var floor = 0
    /// Whether the beacon has an entry in the world's advertising queue.
    @exclusivity(unchecked) var queued = false
    /// How many times the beacon's Bluetooth address has rotated (a phone acting as a beacon).
    @exclusivity(unchecked) var addressGeneration = 0

    init(name: String, frame: IBeaconFrame, position: PlanPoint, measuredPower: Double, interval: Int64, powered: Bool) {
        self.name = name
        self.frame = frame
        self.position = position
        self.measuredPower = measuredPower
        self.interval = interval
        self.powered = powered
    }
}
