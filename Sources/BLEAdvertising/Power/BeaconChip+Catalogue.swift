// SPDX-License-Identifier: GPL-3.0-or-later

extension BeaconChip {
    /// Radio start-up (ramp-up) before a PDU: the nRF52 RADIO's tTXEN in its default (not fast)
    /// ramp-up mode, 140 µs (nRF52832 Product Specification, RADIO electrical specification).
    /// Used for every chip: the TI and Silicon Labs datasheets give no comparable figure, so it is
    /// a parameter of each chip entry rather than a measured value for them.
    public static let nordicRampMicroseconds = 140.0

    /// The chips a scenario can name (`chip:`), by name.
    public static let catalogue: [String: BeaconChip] = Dictionary(
        uniqueKeysWithValues: [nrf52832, nrf52840, nrf54l15, cc2340r5, cc2640r2f, efr32bg22].map { ($0.name, $0) })

    /// Nordic nRF52832. TX: nRF52832 Product Specification v1.1, "Current consumption: Radio",
    /// IRADIO_TX0 7.1 mA at 0 dBm and IRADIO_TX1 4.1 mA at −40 dBm (common conditions Table 1:
    /// 3 V, DC/DC). Later material quotes 5.3 mA at 0 dBm for the same chip (a secondary
    /// calculator's table of nRF52 datasheet values): the sources disagree, so a scenario can give
    /// its own `txCurrent`. Sleep 2.0 µA, System ON with RTC, 3 RAM banks (the same secondary
    /// table; not read from the Product Specification here).
    public static let nrf52832 = BeaconChip(
        name: "nrf52832", transmit: [TXPoint(dBm: -40, milliamps: 4.1), TXPoint(dBm: 0, milliamps: 7.1)],
        sleepMicroamps: 2.0, rampMicroseconds: nordicRampMicroseconds,
        sources:
            "nRF52832 PS v1.1 'Current consumption: Radio' (IRADIO_TX0 7.1 mA @ 0 dBm, IRADIO_TX1 4.1 mA @ -40 dBm); "
            + "sleep 2.0 uA from a secondary table (5.3 mA @ 0 dBm there: sources disagree, txCurrent overrides)")

    /// Nordic nRF52840. TX: nRF52840 Product Specification, "Radio current consumption"
    /// (Regulator = DC/DC): IRADIO_TX0 16.40 mA at +8 dBm, IRADIO_TX1 6.40 mA at 0 dBm, IRADIO_TX2
    /// 3.83 mA at −40 dBm. Another revision of Nordic's table reads 15.5 / 6.0 / 3.5 mA: the sources
    /// disagree, so a scenario can give its own `txCurrent`. Sleep 1.5 µA, System ON with RTC,
    /// 3 RAM banks (secondary table of nRF52 datasheet values).
    public static let nrf52840 = BeaconChip(
        name: "nrf52840",
        transmit: [
            TXPoint(dBm: -40, milliamps: 3.83), TXPoint(dBm: 0, milliamps: 6.40), TXPoint(dBm: 8, milliamps: 16.40),
        ],
        sleepMicroamps: 1.5, rampMicroseconds: nordicRampMicroseconds,
        sources:
            "nRF52840 PS 'Radio current consumption', DC/DC (16.40 mA @ +8, 6.40 mA @ 0, 3.83 mA @ -40 dBm; another "
            + "revision 15.5/6.0/3.5 mA); sleep 1.5 uA from a secondary table")

    /// Nordic nRF54L15. TX: nRF54L15 Datasheet, Current consumption, "Radio": IRADIO_TX0 4.8 mA at
    /// 0 dBm, IRADIO_TX1 6.6 mA at +4 dBm, IRADIO_TX2 9.8 mA at +8 dBm (HFXO; common conditions
    /// 3 V, DC/DC). Sleep: "Sleep" table, ION_IDLE6 1.5 µA (System ON, wake on pin + GRTC, LFXO,
    /// 64 KB RAM retained). No setting below 0 dBm is tabulated: below it the 0 dBm current is used.
    public static let nrf54l15 = BeaconChip(
        name: "nrf54l15",
        transmit: [
            TXPoint(dBm: 0, milliamps: 4.8), TXPoint(dBm: 4, milliamps: 6.6), TXPoint(dBm: 8, milliamps: 9.8),
        ],
        sleepMicroamps: 1.5, rampMicroseconds: nordicRampMicroseconds,
        sources:
            "nRF54L15 Datasheet, Current consumption 'Radio' (4.8 mA @ 0, 6.6 mA @ +4, 9.8 mA @ +8 dBm) and 'Sleep' "
            + "(ION_IDLE6 1.5 uA, GRTC + LFXO, 64 KB RAM)")

    /// TI CC2340R5. TX: CC2340R2/CC2340R5 datasheet (SWRS272, JAJSQG9C), §7.10 "Power Consumption –
    /// Radio Modes", system bus off, DC/DC: 4.0 mA at −8 dBm, 5.1 mA at 0 dBm, 7.7 mA at +4 dBm,
    /// 8.9 mA at +6 dBm, 10.7 mA at +8 dBm. The CC2340R2 datasheet (SWRS282) gives 4.5 mA at −8 dBm
    /// and 7.9 / 9.0 mA at +4 / +6 dBm: close parts, slightly different figures. Sleep: §7.9 "Power
    /// Consumption – Power Modes", Standby with RTC running, 28 kB RAM retention, LFOSC, DC/DC
    /// 0.71 µA (SWRS282).
    public static let cc2340r5 = BeaconChip(
        name: "cc2340r5",
        transmit: [
            TXPoint(dBm: -8, milliamps: 4.0), TXPoint(dBm: 0, milliamps: 5.1), TXPoint(dBm: 4, milliamps: 7.7),
            TXPoint(dBm: 6, milliamps: 8.9), TXPoint(dBm: 8, milliamps: 10.7),
        ],
        sleepMicroamps: 0.71, rampMicroseconds: nordicRampMicroseconds,
        sources:
            "CC2340R5 datasheet SWRS272/JAJSQG9C s7.10 Radio Modes (4.0/5.1/7.7/8.9/10.7 mA @ -8/0/4/6/8 dBm; "
            + "CC2340R2 SWRS282: 4.5/5.1/7.9/9.0/10.7 mA); s7.9 Standby RTC running 0.71 uA")

    /// TI CC2640R2F. TX: CC2640R2F datasheet (SWRS204), Features and §8.4 "Power Consumption
    /// Summary" (3 V, 25 °C, DC/DC): active-mode TX 6.1 mA at 0 dBm and 9.1 mA at +5 dBm. Sleep:
    /// Standby 1.1 µA (RTC running, RAM and CPU retention), same table. TI's application report
    /// SWRA478 says the Standby figure is an average including the VDDR recharge pulses and reads
    /// higher for short standby intervals. No setting below 0 dBm is tabulated there: below it the
    /// 0 dBm current is used (an over-estimate). Grade: datasheet typical values as transcribed
    /// from the datasheet's summary (not re-read from its detailed radio table here).
    public static let cc2640r2f = BeaconChip(
        name: "cc2640r2f", transmit: [TXPoint(dBm: 0, milliamps: 6.1), TXPoint(dBm: 5, milliamps: 9.1)],
        sleepMicroamps: 1.1, rampMicroseconds: nordicRampMicroseconds,
        sources:
            "CC2640R2F datasheet SWRS204 Features / s8.4 Power Consumption Summary (TX 6.1 mA @ 0 dBm, 9.1 mA @ +5 dBm; "
            + "Standby 1.1 uA, RTC running, RAM/CPU retention; SWRA478: higher for short standby intervals)")

    /// Silicon Labs EFR32BG22. TX: EFR32BG22 Wireless Gecko SoC data sheet, Features (VREGVDD 3.0 V,
    /// DC/DC, 25 °C): 4.1 mA at 0 dBm and 8.2 mA at +6 dBm. Sleep: EM2 DeepSleep 1.40 µA with 32 kB
    /// RAM retention and the RTC running (also Silicon Labs' EFR32xG22 power-consumption
    /// optimisation note, which measured ~2 µA in an unoptimised example project). Grade: datasheet
    /// typical values from its Features list.
    public static let efr32bg22 = BeaconChip(
        name: "efr32bg22", transmit: [TXPoint(dBm: 0, milliamps: 4.1), TXPoint(dBm: 6, milliamps: 8.2)],
        sleepMicroamps: 1.40, rampMicroseconds: nordicRampMicroseconds,
        sources:
            "EFR32BG22 data sheet Features (TX 4.1 mA @ 0 dBm, 8.2 mA @ +6 dBm; EM2 DeepSleep 1.40 uA, 32 kB RAM, RTC)")
}
