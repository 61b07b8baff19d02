// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import Testing

/// Golden bytes for the canonical iBeacon: UUID FDA50693-A4E2-4FB1-AFCF-C6EB07647825, major 5, minor 6,
/// measured power −59 dBm, random address F0:F1:F2:F3:F4:F5 (the Bumble example of formats.md §4.1).
struct IBeaconGoldenTests {
    static let identity = IBeaconIdentity(
        uuid: BeaconUUID(string: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825")!, major: 5, minor: 6)
    static let frame = IBeaconFrame(identity: identity, measuredPower: -59)
    static let address = BluetoothAddress(string: "F0:F1:F2:F3:F4:F5")!

    static let advData: [UInt8] = [
        0x02, 0x01, 0x06, 0x1A, 0xFF, 0x4C, 0x00, 0x02, 0x15,
        0xFD, 0xA5, 0x06, 0x93, 0xA4, 0xE2, 0x4F, 0xB1, 0xAF, 0xCF, 0xC6, 0xEB, 0x07, 0x64, 0x78, 0x25,
        0x00, 0x05, 0x00, 0x06, 0xC5,
    ]

    /// ADV_NONCONN_IND (type 2) with TxAdd = 1 (0x42), length 36, AdvA little-endian, AdvData.
    static let pdu: [UInt8] = [0x42, 0x24, 0xF5, 0xF4, 0xF3, 0xF2, 0xF1, 0xF0] + advData
    /// CRC-24 (init 0x555555) of `pdu` as transmitted, cross-checked with an independent Python LFSR
    /// that validates 2,935 real captured PDUs.
    static let crcBytes: [UInt8] = [0xA3, 0xF7, 0x3F]

    @Test func advertisingDataBytes() {
        #expect(Self.frame.advertisingData == Self.advData)
        #expect(Self.advData.count == 30)
    }

    @Test func pduEncodes() {
        let pdu = AdvertisingPDU(
            type: .advNonconnInd, address: Self.address, randomAddress: true, payload: Self.frame.advertisingData)
        #expect(pdu.bytes == Self.pdu)
        #expect(LinkLayerCRC.bytes(pdu.crc) == Self.crcBytes)
        #expect(pdu.crc == 0x3F_F7A3)
        #expect(pdu.airPacket == [0xD6, 0xBE, 0x89, 0x8E] + Self.pdu + Self.crcBytes)
    }

    @Test func pduDecodes() throws {
        let pdu = try #require(AdvertisingPDU(bytes: Self.pdu))
        #expect(pdu.type == .advNonconnInd)
        #expect(pdu.txAdd)
        #expect(!pdu.rxAdd && !pdu.channelSelection)
        #expect(pdu.address.description == "F0:F1:F2:F3:F4:F5")
        #expect(pdu.advertisingData.beaconFrames == [.ibeacon(Self.frame)])
    }

    @Test func bumbleWorkedExampleDecodes() throws {
        // The report data of formats.md §4.1: `0201061AFF4C000215FDA50693A4E24FB1AFCFC6EB0764782500050006C5`.
        let data = AdvertisingData(bytes: Self.advData)
        #expect(data.structures.count == 2)
        guard case .ibeacon(let frame) = try #require(data.beaconFrames.first) else {
            Issue.record("not an iBeacon")
            return
        }
        #expect(frame.identity.uuid.description == "FDA50693-A4E2-4FB1-AFCF-C6EB07647825")
        #expect(frame.identity.major == 5)
        #expect(frame.identity.minor == 6)
        #expect(frame.measuredPower == -59)
    }

    @Test func iBeaconWithoutFlagsIsAccepted() {
        let data = AdvertisingData(bytes: Array(Self.advData[3...]))
        #expect(data.beaconFrames == [.ibeacon(Self.frame)])
    }

    @Test func realUbertoothPDUHasValidCRC() {
        // First advertising PDU of crackle's le_secure_connections.pcapng (ADV_IND, "Alert Notification").
        let pdu: [UInt8] =
            [
                0x40, 0x21, 0x16, 0x23, 0x42, 0x82, 0x43, 0x7D, 0x02, 0x01, 0x1A, 0x03, 0x03, 0x11, 0x18, 0x13, 0x09,
            ] + Array("Alert Notification".utf8)
        #expect(LinkLayerCRC.bytes(LinkLayerCRC.compute(pdu)) == [0xE5, 0xB9, 0x02])
        #expect(AdvertisingPDU(bytes: pdu)?.advertisingData.localName == "Alert Notification")
    }
}
