// SPDX-License-Identifier: GPL-3.0-or-later

/// How long a beacon's battery lasts: the average current (each advertising event's charge over the
/// interval, plus the sleep current) drawn from the rated capacity while self-discharge takes its
/// yearly share of the rated capacity, both at a constant rate:
///
///     I_avg = Q_event / T_interval + I_sleep
///     years = C / (I_avg × 8766 h + s × C)        (C in µAh, s per year)
public struct BatteryLife: Sendable, Equatable {
    /// Hours in a year (365.25 days).
    public static let hoursPerYear = 8766.0

    /// Mean charge per advertising event over the beacon's frame rotation, µC.
    public var eventMicrocoulombs: Double
    /// Average current, µA.
    public var averageMicroamps: Double
    /// Years until the rated capacity is used up.
    public var years: Double

    public init(eventMicrocoulombs: Double, intervalSeconds: Double, sleepMicroamps: Double, battery: BeaconBattery) {
        self.eventMicrocoulombs = eventMicrocoulombs
        averageMicroamps = eventMicrocoulombs / intervalSeconds + sleepMicroamps
        let capacity = battery.capacityMilliampHours * 1000
        years = capacity / (averageMicroamps * Self.hoursPerYear + battery.selfDischargePerYear * capacity)
    }

    /// The share of the rated capacity used after `years` (0…1): the average current and the
    /// self-discharge both draw at a constant rate, so the share grows linearly to 1 at `self.years`.
    public func usedFraction(after years: Double) -> Double {
        min(1, max(0, years / self.years))
    }

    /// The share of the rated capacity left after `years` (0…1).
    public func remainingFraction(after years: Double) -> Double {
        max(0, 1 - years / self.years)
    }
}
