// SPDX-License-Identifier: GPL-3.0-or-later

/// The chips a beacon can name for its battery-life estimate (`chip:`); their current profiles are
/// in `BLEAdvertising.BeaconChip.catalogue`, each figure with its datasheet.
public enum BeaconChipName: String, Sendable, Equatable, CaseIterable {
    case nrf52832, nrf52840, nrf54l15, cc2340r5, cc2640r2f, efr32bg22
}

/// The batteries a beacon can name (`battery:`); their ratings are in
/// `BLEAdvertising.BeaconBattery.catalogue`, each with its source.
public enum BeaconBatteryName: String, Sendable, Equatable, CaseIterable {
    case cr2032, cr2477
    case aaLithiumPair = "aa-lithium-x2"
}

/// What a beacon runs on, for its battery life (`chip`, `battery`, and where sources disagree the
/// scenario's own `txCurrent` and `batteryCapacity`; `batteryDerating` for the site's temperature,
/// `batteryAge` and `dischargeCurve` for the voltage its Eddystone-TLM frames report). No effect on
/// the simulation's detections.
public struct BeaconPowerSpec: Sendable, Equatable {
    /// A point of a battery's discharge curve: `used` share of its capacity (0…1), `volts`.
    public struct VoltagePoint: Sendable, Equatable {
        public var used: Double
        public var volts: Double

        public init(used: Double, volts: Double) {
            self.used = used
            self.volts = volts
        }
    }

    public var chip: BeaconChipName
    public var battery: BeaconBatteryName
    /// TX current at the beacon's `txPower`, mA, replacing the chip's table; nil: the table.
    public var transmitMilliamps: Double?
    /// Rated capacity, mAh, replacing the battery's; nil: the catalogue's.
    public var capacityMilliampHours: Double?
    /// Share of the rated capacity available at the site's temperature (0…1], a parameter: no
    /// catalogue figure (`batteryDerating`); nil: 1 (room temperature).
    public var capacityDerating: Double?
    /// Days the battery had been in use at t = 0 (`batteryAge`); nil: the beacon's TLM frames
    /// report a fixed 3000 mV as before.
    public var ageDays: Double?
    /// The battery's voltage by share of capacity used, replacing the catalogue's curve.
    public var dischargeCurve: [VoltagePoint]?

    public init(
        chip: BeaconChipName, battery: BeaconBatteryName, transmitMilliamps: Double? = nil,
        capacityMilliampHours: Double? = nil, capacityDerating: Double? = nil, ageDays: Double? = nil,
        dischargeCurve: [VoltagePoint]? = nil
    ) {
        self.chip = chip
        self.battery = battery
        self.transmitMilliamps = transmitMilliamps
        self.capacityMilliampHours = capacityMilliampHours
        self.capacityDerating = capacityDerating
        self.ageDays = ageDays
        self.dischargeCurve = dischargeCurve
    }
}
