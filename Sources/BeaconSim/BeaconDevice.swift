// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import RadioPropagation
internal import Stochastics

/// A beacon in a running world: identity, place, power, advertising timing and its own random
/// stream for advDelay.
final class BeaconDevice {
    let name: String
    let frame: IBeaconFrame
    let position: PlanPoint
    /// Calibrated RSSI at 1 m, dBm (the link budget's anchor).
    let measuredPower: Double
    /// Advertising interval, nanoseconds.
    let interval: Int64
    var powered: Bool
    /// The floor the beacon is on.
    var floor = 0
    /// Whether the beacon has an entry in the world's advertising queue.
    var queued = false
    /// How many times the beacon's Bluetooth address has rotated (a phone acting as a beacon).
    var addressGeneration = 0
    /// advDelay draws: U[0, 10 ms] per advertising event (Core spec; behaviour.md §4).
    let advDelay: RandomStream
    /// The scheduled power-off instants, nanoseconds, in time order: an advertising event that
    /// began before one sends none of its later PDUs.
    var powerOffTimes: [Int64] = []
    private var nextPowerOffIndex = 0

    init(
        name: String, frame: IBeaconFrame, position: PlanPoint, measuredPower: Double, interval: Int64, powered: Bool,
        advDelay: RandomStream
    ) {
        self.name = name
        self.frame = frame
        self.position = position
        self.measuredPower = measuredPower
        self.interval = interval
        self.powered = powered
        self.advDelay = advDelay
    }

    /// The first scheduled power-off strictly after `time` (nanoseconds), `Int64.max` when none.
    /// Calls must come with non-decreasing `time`, as advertising events do.
    func nextPowerOff(after time: Int64) -> Int64 {
        while nextPowerOffIndex < powerOffTimes.count, powerOffTimes[nextPowerOffIndex] <= time { nextPowerOffIndex += 1 }
        return nextPowerOffIndex < powerOffTimes.count ? powerOffTimes[nextPowerOffIndex] : .max
    }

    /// Nanoseconds from one advertising event to the next: interval + advDelay.
    func nextEventGap() -> Int64 {
        interval + Int64((advDelay.uniform() * Double(AdvertisingTiming.maximumAdvDelayNanoseconds)).rounded(.down))
    }
}
