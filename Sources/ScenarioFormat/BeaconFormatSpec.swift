// SPDX-License-Identifier: GPL-3.0-or-later

/// A beacon's Eddystone frames (`eddystone:`): an Eddystone-UID when `namespace` is given, an
/// Eddystone-URL when `url` is, and unencrypted TLM frames interleaved one event in `tlmEvery`
/// (google/eddystone; formats.md §6.3).
public struct EddystoneSpec: Sendable, Equatable {
    /// 20 upper-case hex digits, with `instance` (12 digits); nil: no UID frame.
    public var namespace: String?
    public var instance: String?
    /// The URL an Eddystone-URL frame carries (validated to encode in 17 bytes); nil: none.
    public var url: String?
    /// One advertising event in `tlmEvery` carries a TLM frame (≥ 2); nil: no TLM.
    public var tlmEvery: Int?
    /// Calibrated TX power at 0 m the frames carry, dBm; nil: the beacon's measured power + 41 dB
    /// (formats.md §6.3: "measured RSSI at 1 m + 41 dB").
    public var txPower: Int?

    public init(namespace: String? = nil, instance: String? = nil, url: String? = nil, tlmEvery: Int? = nil, txPower: Int? = nil)
    {
        self.namespace = namespace
        self.instance = instance
        self.url = url
        self.tlmEvery = tlmEvery
        self.txPower = txPower
    }
}

/// A beacon's AltBeacon frame (`altbeacon:`): id1 (a UUID), id2 and id3 (16 bit each), and the
/// manufacturer's company id (AltBeacon/spec; formats.md §6.4).
public struct AltBeaconSpec: Sendable, Equatable {
    /// Canonical upper-case UUID text.
    public var id1: String
    public var id2: UInt16
    public var id3: UInt16
    /// Bluetooth SIG company id (default 0x0118, Radius Networks, the AltBeacon spec's author and
    /// the Android Beacon Library's transmitter examples).
    public var manufacturer: UInt16

    public init(id1: String, id2: UInt16, id3: UInt16, manufacturer: UInt16 = 0x0118) {
        self.id1 = id1
        self.id2 = id2
        self.id3 = id3
        self.manufacturer = manufacturer
    }
}
