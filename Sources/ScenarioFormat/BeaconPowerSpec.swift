// SPDX-License-Identifier: GPL-3.0-or-later

/// The chips a beacon can name for its battery-life estimate (`chip:`); their current profiles are
/// in `BLEAdvertising.BeaconChip.catalogue`, each figure with its datasheet.
public enum BeaconChipName: String, Sendable, Equatable, CaseIterable {
    case nrf52832, nrf52840, nrf54l15, cc2340r5
}

/// The batteries a beacon can name (`battery:`); their ratings are in
/// `BLEAdvertising.BeaconBattery.catalogue`, each with its source.
public enum BeaconBatteryName: String, Sendable, Equatable, CaseIterable {
    case cr2032, cr2477
    case aaLithiumPair = "aa-lithium-x2"
}

/// What a beacon runs on, for its battery life (`chip`, `battery`, and where sources disagree the
/// scenario's own `txCurrent` and `batteryCapacity`). No effect on the simulation itself.
public struct BeaconPowerSpec: Sendable, Equatable {
    public var chip: BeaconChipName
    public var battery: BeaconBatteryName
    /// TX current at the beacon's `txPower`, mA, replacing the chip's table; nil: the table.
    public var transmitMilliamps: Double?
    /// Rated capacity, mAh, replacing the battery's; nil: the catalogue's.
    public var capacityMilliampHours: Double?

    public init(
        chip: BeaconChipName, battery: BeaconBatteryName, transmitMilliamps: Double? = nil,
        capacityMilliampHours: Double? = nil
    ) {
        self.chip = chip
        self.battery = battery
        self.transmitMilliamps = transmitMilliamps
        self.capacityMilliampHours = capacityMilliampHours
    }
}
