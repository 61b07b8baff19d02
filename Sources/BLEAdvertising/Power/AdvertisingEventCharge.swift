// SPDX-License-Identifier: GPL-3.0-or-later

/// The charge a beacon draws for one advertising event: the same legacy advertising PDU sent on
/// each advertising channel (37, 38, 39), each preceded by the radio's start-up, all at the TX
/// current of the beacon's output power. CPU wake-up and crystal start-up are not modelled
/// separately (no datasheet here tabulates them); a secondary nRF52 calculator's ≈ 1.2 ms for a
/// three-channel event with a 20-byte payload agrees with start-up + air time (3 × (140 + 288) µs).
public enum AdvertisingEventCharge {
    /// Advertising channels used per event.
    public static let channels = 3

    /// On-air time of a legacy advertising PDU on the LE 1M PHY, µs: preamble (1 byte), access
    /// address (4), PDU header (2), payload (AdvA 6 + AdvData, 6…37 bytes) and CRC (3), 8 µs per
    /// byte (Bluetooth Core Specification, Vol 6 Part B §2.1, packet format for the LE Uncoded PHYs).
    public static func airMicroseconds(payloadBytes: Int) -> Double {
        Double(1 + 4 + 2 + payloadBytes + 3) * 8
    }

    /// One event's charge, µC: channels × TX current × (start-up + air time).
    public static func microcoulombs(transmitMilliamps: Double, rampMicroseconds: Double, payloadBytes: Int) -> Double {
        // mA × µs = nC.
        Double(channels) * transmitMilliamps * (rampMicroseconds + airMicroseconds(payloadBytes: payloadBytes)) / 1000
    }
}
