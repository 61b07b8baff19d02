// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising
public import ScenarioFormat

/// A beacon's battery life from its scenario entry: its chip's TX current at its `txPower` (or its
/// own `txCurrent`), the mean PDU length over its frame rotation (iBeacon, Eddystone, AltBeacon,
/// TLM interleaved: `FrameRotation`), its advertising interval, its chip's sleep current and its
/// battery (`BatteryLife`).
public struct BeaconBatteryEstimate: Sendable, Equatable {
    public var beacon: String
    public var chip: String
    public var battery: String
    public var life: BatteryLife

    /// Nil when the beacon names no chip and battery, or its frames do not resolve.
    public init?(_ spec: BeaconSpec, in scenario: Scenario) {
        guard let power = spec.power, let chip = BeaconChip.catalogue[power.chip.rawValue],
            var battery = BeaconBattery.catalogue[power.battery.rawValue]
        else { return nil }
        var problems: [Diagnostic] = []
        guard let resolved = ResolvedScenario.beacon(spec, scenario: scenario, problems: &problems) else { return nil }
        if let capacity = power.capacityMilliampHours { battery.capacityMilliampHours = capacity }
        let current = power.transmitMilliamps ?? chip.transmitMilliamps(at: spec.txPower)
        let rotation = resolved.rotation
        // One full cycle of the rotation: every identifying frame and every TLM slot once.
        let cycle = rotation.frames.count * max(1, rotation.tlmEvery)
        let charge =
            (0..<cycle).reduce(0.0) { total, event in
                let payload = 6 + rotation.frame(forEvent: UInt64(event)).advertisingData().count
                return total
                    + AdvertisingEventCharge.microcoulombs(
                        transmitMilliamps: current, rampMicroseconds: chip.rampMicroseconds, payloadBytes: payload)
            } / Double(cycle)
        beacon = spec.name
        self.chip = chip.name
        self.battery = battery.name
        life = BatteryLife(
            eventMicrocoulombs: charge, intervalSeconds: Double(spec.interval) / 1e9, sleepMicroamps: chip.sleepMicroamps,
            battery: battery)
    }

    /// Every beacon of `scenario` that names a chip and battery.
    public static func all(_ scenario: Scenario) -> [BeaconBatteryEstimate] {
        scenario.beacons.compactMap { BeaconBatteryEstimate($0, in: scenario) }
    }
}
