// SPDX-License-Identifier: GPL-3.0-or-later

/// Link-layer timing of legacy advertising, in nanoseconds.
public enum AdvertisingTiming {
    /// Largest advDelay: each advertising event is delayed by a pseudo-random 0–10 ms
    /// (Core spec via mbed BLE_API and TI SWRA475A; behaviour.md §4, H).
    public static let maximumAdvDelayNanoseconds: Int64 = 10_000_000
    /// Start-to-start spacing of the three PDUs inside one event: 0.4 ms
    /// (368 µs iBeacon PDU air time plus the inter-channel gap; rf.md §2 and bench/mall-1h.md).
    public static let channelSpacingNanoseconds: Int64 = 400_000
    /// Air time of an iBeacon ADV_NONCONN_IND PDU on LE 1M: 46 bytes × 8 µs = 368 µs (rf.md §8).
    public static let iBeaconAirTimeNanoseconds: Int64 = 368_000
    /// Shortest legal advertising interval: 20 ms (0x0020 × 0.625 ms; behaviour.md §4, H).
    public static let minimumIntervalNanoseconds: Int64 = 20_000_000
    /// Longest legal advertising interval: 10.24 s (0x4000 × 0.625 ms; behaviour.md §4, H).
    public static let maximumIntervalNanoseconds: Int64 = 10_240_000_000
}
