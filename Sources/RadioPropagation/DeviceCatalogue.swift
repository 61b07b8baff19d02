// SPDX-License-Identifier: GPL-3.0-or-later

/// Known receiving devices by the name a scenario uses in `phones[].device` (or a survey in its
/// `device` column), each with its source. A scenario's `devices:` block adds or overrides
/// entries; a phone with no `device` is the `generic` phone.
public enum DeviceCatalogue {
    /// A phone of unknown model: the reference phone of the measured-power convention (rf.md §7.2:
    /// −59 dBm at 1 m from 0 dBm, Blue Charm / AltBeacon / Google ranging within 3 dB), a −95 dBm
    /// threshold (rf.md §2, L: no per-phone OTA sensitivity was found) and every scan slot reported
    /// (the OS profile's scan schedule models its duty cycle; the UJI survey's other phones report
    /// 90–100 % of windows next to a beacon, issue 10).
    public static let generic = DeviceProfile.reference

    /// Every known device.
    public static let profiles: [String: DeviceProfile] = entries.mapValues(\.profile)

    /// Where each known device's figures come from.
    public static let sources: [String: String] = entries.mapValues(\.source)

    private static let altBeaconR2 =
        "reporting offset: AltBeacon model-distance-calculations-r2.json receiver_rssi_offset, later value (rf.md §7.3, H); "
        + "sensitivity and ceiling: generic (no per-model data)"
    private static let altBeaconTrainer =
        "reporting offset: AltBeacon trainer data, RSSI at 1 m from one beacon relative to the iPhone SE1's −61 dBm "
        + "(rf.md §7.3, H); sensitivity and ceiling: generic (no per-model data)"

    private static let entries: [String: (profile: DeviceProfile, source: String)] = [
        "nexus5": (DeviceProfile(reportingOffset: -4), altBeaconR2),
        "motoG": (DeviceProfile(reportingOffset: -10), altBeaconR2),
        "galaxyS5": (DeviceProfile(reportingOffset: -21.25), altBeaconR2),
        "galaxyS3": (DeviceProfile(reportingOffset: -4), altBeaconR2),
        "iPhone12": (DeviceProfile(reportingOffset: -4), altBeaconTrainer),
        "iPhone6": (DeviceProfile(reportingOffset: -7), altBeaconTrainer),
        "iPhone7": (DeviceProfile(reportingOffset: 4), altBeaconTrainer),
        "iPhoneSE1": (DeviceProfile(reportingOffset: 0), altBeaconTrainer),
        "pixel3a": (DeviceProfile(reportingOffset: 3), altBeaconTrainer),
        "pixel7a": (DeviceProfile(reportingOffset: 5), altBeaconTrainer),
        "galaxyA5-2017": (
            DeviceProfile(reportingOffset: 16.7, sensitivity: -104.8, scanCeiling: 0.413, packetsPerSlot: 1.3),
            "UJI BLE RSS database, Geotec office, all 34 positions at −4, −12 and −20 dBm (Mendoza-Silva et al. 2018, "
                + "CC BY 4.0; ../shared/data/rf-surveys/uji-geo). Reporting offset: the mean near-range (< 3 m) "
                + "residual of the default model (−59 dBm + tx at 1 m, phone in hand); sensitivity, ceiling and "
                + "packets per slot: `beaconsim fit` on every point, the fit's 1 m level folded in; the ceiling is the "
                + "share of slots reporting its most reliably reported beacon (B14; the others 0.84–1 of it) "
                + "(docs/radio-model.md)"
        ),
        "ionis-anchor": (
            DeviceProfile(reportingOffset: 13.5, sensitivity: -92.2, scanCeiling: 0.961),
            "WUT flat survey (Kolakowski 2021, CC BY 4.0; ../shared/data/rf-surveys/wut-flat): the fixed Laird BL652 "
                + "anchors as receivers, roles reversed; the tag's tx power is not stated, so the offset also holds its "
                + "difference from 0 dBm. Reporting offset: the mean near-range (< 3 m) residual of the default model; "
                + "sensitivity and ceiling: `beaconsim fit` on every point (the test-robot session for RSSI only), the "
                + "fit's 1 m level folded in; the ceiling is the share of slots reporting its most reliably reported "
                + "anchor (anchor1; the others 0.89–0.98 of it); packets per slot: not binding (no limit)"
        ),
    ]
}
