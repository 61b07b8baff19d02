// SPDX-License-Identifier: GPL-3.0-or-later

/// Per-phone receive offsets: how much more (or less) a phone model reports than the reference
/// phone the beacons' measured power was calibrated with (rf.md §7.3).
///
/// Values are dB added to every RSSI the phone sees (so they also move its effective
/// sensitivity). Where a model is not in the table, draw N(0, σ) per device with σ 4–6 dB
/// (rf.md §7.3, §11, L) via `radio.receiverOffsetSigma`.
public enum ReceiverOffset {
    /// Known models, by the name a scenario uses in `phones[].device`.
    public static let table: [String: Double] = [
        // AltBeacon model-distance-calculations-r2.json `receiver_rssi_offset`, later values (H).
        "nexus5": -4, "motoG": -10, "galaxyS5": -21.25, "galaxyS3": -4,
        // AltBeacon trainer data, RSSI at 1 m from one beacon, relative to iPhone SE1 (−61 dBm) (H).
        "iPhone12": -4, "iPhone6": -7, "iPhone7": 4, "iPhoneSE1": 0, "pixel3a": 3, "pixel7a": 5,
    ]
}
