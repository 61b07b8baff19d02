// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import Testing

/// Battery life against hand-worked datasheet examples (each figure's source is on the catalogue
/// entry it comes from: `BeaconChip+Catalogue.swift`, `BeaconBattery.swift`).
@Suite("Beacon battery life")
struct BatteryLifeTests {
    @Test("air time of a legacy PDU on LE 1M: (1 + 4 + 2 + payload + 3) bytes × 8 µs (Core Vol 6 Part B §2.1)")
    func airTime() {
        // An iBeacon: AdvA 6 + AdvData 30 (flags 3, manufacturer data 27) = 36 payload bytes → 46 bytes, 368 µs.
        #expect(AdvertisingEventCharge.airMicroseconds(payloadBytes: 36) == 368)
        #expect(AdvertisingEventCharge.airMicroseconds(payloadBytes: 6) == 128)
    }

    @Test("nRF52832 at 0 dBm, iBeacon every 1 s on a CR2032: 10.82 µC per event, 12.82 µA, 1.96 years")
    func nrf52832IBeacon() {
        // nRF52832 PS v1.1: 7.1 mA TX at 0 dBm; ramp-up 140 µs (tTXEN); sleep 2.0 µA.
        // 3 channels × 7.1 mA × (140 + 368) µs = 10.8204 µC; 10.8204 µC / 1 s + 2.0 µA = 12.8204 µA;
        // CR2032 225 mAh, 1 %/year: 225 000 µAh / (12.8204 µA × 8766 h + 2 250 µAh) = 1.96277 years.
        let chip = BeaconChip.nrf52832
        #expect(chip.transmitMilliamps(at: 0) == 7.1)
        let charge = AdvertisingEventCharge.microcoulombs(
            transmitMilliamps: 7.1, rampMicroseconds: chip.rampMicroseconds, payloadBytes: 36)
        #expect(abs(charge - 10.8204) < 1e-9)
        let life = BatteryLife(
            eventMicrocoulombs: charge, intervalSeconds: 1, sleepMicroamps: chip.sleepMicroamps, battery: .cr2032)
        #expect(abs(life.averageMicroamps - 12.8204) < 1e-9)
        #expect(abs(life.years - 1.962775) < 1e-5)
        // The same beacon at the iBeacon default of 100 ms: 110.2 µA, under three months.
        let fast = BatteryLife(
            eventMicrocoulombs: charge, intervalSeconds: 0.1, sleepMicroamps: chip.sleepMicroamps, battery: .cr2032)
        #expect(abs(fast.years - 0.232366) < 1e-5)
    }

    @Test("CC2340R5 at −4 dBm (interpolated 4.55 mA), iBeacon and TLM interleaved 1:1 every 500 ms on a CR2477: 7.52 years")
    func cc2340Mix() {
        // SWRS272 §7.10: 4.0 mA at −8 dBm, 5.1 mA at 0 dBm → 4.55 mA at −4 dBm. iBeacon payload 36 bytes:
        // 3 × 4.55 × (140 + 368) / 1000 = 6.9342 µC; TLM payload 6 + 25 = 31: 3 × 4.55 × (140 + 328) / 1000
        // = 6.3882 µC; mean 6.6612 µC / 0.5 s + 0.71 µA (standby) = 14.0324 µA;
        // CR2477 1000 mAh: 1 000 000 / (14.0324 × 8766 + 10 000) = 7.51834 years.
        let chip = BeaconChip.cc2340r5
        #expect(abs(chip.transmitMilliamps(at: -4) - 4.55) < 1e-12)
        #expect(chip.transmitMilliamps(at: -20) == 4.0 && chip.transmitMilliamps(at: 12) == 10.7)
        let tlm = AdvertisedFrame.eddystoneTLM(advertisingEvent: 0).advertisingData().count
        #expect(tlm == 25)
        let charges = [36, 6 + tlm].map {
            AdvertisingEventCharge.microcoulombs(transmitMilliamps: 4.55, rampMicroseconds: 140, payloadBytes: $0)
        }
        let life = BatteryLife(
            eventMicrocoulombs: (charges[0] + charges[1]) / 2, intervalSeconds: 0.5, sleepMicroamps: chip.sleepMicroamps,
            battery: .cr2477)
        #expect(abs(life.averageMicroamps - 14.0324) < 1e-9)
        #expect(abs(life.years - 7.518344) < 1e-5)
        #expect(abs(life.remainingFraction(after: life.years / 2) - 0.5) < 1e-12)
    }

    @Test("every chip and battery a scenario can name has a catalogue entry with its sources")
    func catalogue() {
        for chip in BeaconChip.catalogue.values {
            #expect(!chip.transmit.isEmpty && chip.sleepMicroamps > 0 && !chip.sources.isEmpty)
        }
        #expect(
            Set(BeaconChip.catalogue.keys) == ["nrf52832", "nrf52840", "nrf54l15", "cc2340r5", "cc2640r2f", "efr32bg22"])
        for battery in BeaconBattery.catalogue.values {
            // Each discharge curve runs from a full cell to the battery's cut-off voltage.
            #expect(battery.dischargeCurve.first?.used == 0 && battery.dischargeCurve.last?.used == 1)
            #expect(battery.volts(used: 1) == battery.cutoffVolts)
        }
        #expect(Set(BeaconBattery.catalogue.keys) == ["cr2032", "cr2477", "aa-lithium-x2"])
    }

    @Test("CC2640R2F at 0 dBm, iBeacon every 1 s on a CR2032: 9.30 µC per event, 10.40 µA, 2.41 years; 1.94 at 80 %")
    func cc2640r2fIBeacon() {
        // SWRS204 s8.4: TX 6.1 mA at 0 dBm, Standby 1.1 µA. 3 × 6.1 mA × (140 + 368) µs = 9.2964 µC;
        // + 1.1 µA = 10.3964 µA; 225 000 / (10.3964 × 8766 + 2 250) = 2.409385 years. With 80 % of
        // the capacity available (batteryDerating 0.8, e.g. a cold site): 180 000 / (10.3964 × 8766
        // + 1 800) = 1.936841 years.
        let chip = BeaconChip.cc2640r2f
        #expect(chip.transmitMilliamps(at: 0) == 6.1 && chip.transmitMilliamps(at: 5) == 9.1)
        #expect(chip.transmitMilliamps(at: -20) == 6.1)  // below the table: held at 0 dBm
        let charge = AdvertisingEventCharge.microcoulombs(
            transmitMilliamps: 6.1, rampMicroseconds: chip.rampMicroseconds, payloadBytes: 36)
        #expect(abs(charge - 9.2964) < 1e-9)
        let life = BatteryLife(
            eventMicrocoulombs: charge, intervalSeconds: 1, sleepMicroamps: chip.sleepMicroamps, battery: .cr2032)
        #expect(abs(life.averageMicroamps - 10.3964) < 1e-9)
        #expect(abs(life.years - 2.409385) < 1e-5)
        var cold = BeaconBattery.cr2032
        cold.capacityMilliampHours *= 0.8
        let derated = BatteryLife(
            eventMicrocoulombs: charge, intervalSeconds: 1, sleepMicroamps: chip.sleepMicroamps, battery: cold)
        #expect(abs(derated.years - 1.936841) < 1e-5)
    }

    @Test("EFR32BG22 at +6 dBm, iBeacon every 500 ms on a CR2477: 12.50 µC, 26.39 µA, 4.14 years; +3 dBm is 6.15 mA")
    func efr32bg22IBeacon() {
        // Data sheet: TX 4.1 mA at 0 dBm, 8.2 mA at +6 dBm; EM2 1.40 µA. 3 × 8.2 × 508 / 1000 =
        // 12.4968 µC; / 0.5 s + 1.40 µA = 26.3936 µA; 1 000 000 / (26.3936 × 8766 + 10 000) = 4.143080 years.
        let chip = BeaconChip.efr32bg22
        #expect(abs(chip.transmitMilliamps(at: 3) - 6.15) < 1e-12)
        let charge = AdvertisingEventCharge.microcoulombs(
            transmitMilliamps: chip.transmitMilliamps(at: 6), rampMicroseconds: chip.rampMicroseconds, payloadBytes: 36)
        #expect(abs(charge - 12.4968) < 1e-9)
        let life = BatteryLife(
            eventMicrocoulombs: charge, intervalSeconds: 0.5, sleepMicroamps: chip.sleepMicroamps, battery: .cr2477)
        #expect(abs(life.averageMicroamps - 26.3936) < 1e-9)
        #expect(abs(life.years - 4.143080) < 1e-5)
        // Two years in, 48.27 % of the capacity is used: on the Li/MnO₂ curve (2.9 V at 50 %, 3.0 V
        // at 0), 3.0 − 0.4827 / 0.5 × 0.1 = 2.9035 V.
        #expect(abs(life.usedFraction(after: 2) - 2 / 4.143080) < 1e-6)
        #expect(abs(BeaconBattery.cr2477.volts(used: life.usedFraction(after: 2)) - 2.90345) < 1e-4)
        #expect(life.usedFraction(after: 10) == 1)
    }

    @Test("discharge curves: linear between points, held at the ends")
    func dischargeCurve() {
        let cell = BeaconBattery.cr2032
        #expect(cell.volts(used: 0) == 3.0 && cell.volts(used: -1) == 3.0)
        #expect(abs(cell.volts(used: 0.85) - 2.75) < 1e-12)
        #expect(abs(cell.volts(used: 0.975) - 2.25) < 1e-12)
        #expect(cell.volts(used: 2) == 2.0)
    }
}
