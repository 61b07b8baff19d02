// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising
public import ScenarioFormat

/// A beacon's battery life from its scenario entry: its chip's TX current at its `txPower` (or its
/// own `txCurrent`), the mean PDU length over its frame rotation (iBeacon, Eddystone, AltBeacon,
/// TLM interleaved: `FrameRotation`), its advertising interval, its chip's sleep current and its
/// battery (`BatteryLife`; capacity times `batteryDerating` where given); and, where the scenario
/// gives the battery's age, the voltage its TLM frames report (`tlmMillivolts`).
public struct BeaconBatteryEstimate: Sendable, Equatable {
    public var beacon: String
    public var chip: String
    public var battery: String
    public var life: BatteryLife
    /// The battery as used: the catalogue's, with the scenario's capacity, derating and curve.
    public var cell: BeaconBattery
    /// Days in use at t = 0 (`batteryAge`); nil: TLM frames report a fixed 3000 mV.
    public var ageDays: Double?

    /// Nil when the beacon names no chip and battery, or its frames do not resolve.
    public init?(_ spec: BeaconSpec, in scenario: Scenario) {
        guard let power = spec.power, let chip = BeaconChip.catalogue[power.chip.rawValue],
            var battery = BeaconBattery.catalogue[power.battery.rawValue]
        else { return nil }
        var problems: [Diagnostic] = []
        guard let resolved = ResolvedScenario.beacon(spec, scenario: scenario, problems: &problems) else { return nil }
        if let capacity = power.capacityMilliampHours { battery.capacityMilliampHours = capacity }
        battery.capacityMilliampHours *= power.capacityDerating ?? 1
        if let curve = power.dischargeCurve {
            battery.dischargeCurve = curve.map { BeaconBattery.VoltagePoint(used: $0.used, volts: $0.volts) }
        }
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
        cell = battery
        ageDays = power.ageDays
        life = BatteryLife(
            eventMicrocoulombs: charge, intervalSeconds: Double(spec.interval) / 1e9, sleepMicroamps: chip.sleepMicroamps,
            battery: battery)
    }

    /// The battery voltage the beacon's Eddystone-TLM frames report `seconds` after t = 0, mV: its
    /// battery's discharge curve at the share of capacity used by then (`ageDays` + `seconds`);
    /// nil when the scenario gives no age (the frames then report 3000 mV).
    public func tlmMillivolts(atSeconds seconds: Double) -> UInt16? {
        guard let ageDays else { return nil }
        let years = (ageDays * 86_400 + seconds) / (BatteryLife.hoursPerYear * 3_600)
        return UInt16((cell.volts(used: life.usedFraction(after: years)) * 1000).rounded())
    }

    /// Every beacon of `scenario` that names a chip and battery.
    public static func all(_ scenario: Scenario) -> [BeaconBatteryEstimate] {
        scenario.beacons.compactMap { BeaconBatteryEstimate($0, in: scenario) }
    }
}
