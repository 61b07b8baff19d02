// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import TestSupport
import Testing

struct AdvertisingDataTests {
    @Test func zeroLengthEndsData() {
        let data = AdvertisingData(bytes: [0x02, 0x01, 0x06, 0x00, 0x05, 0xFF])
        #expect(data.structures == [ADStructure(type: 0x01, data: [0x06])])
        #expect(!data.isMalformed)
    }

    @Test func overlongLengthKeepsWhatParsed() {
        let data = AdvertisingData(bytes: [0x02, 0x01, 0x06, 0x09, 0x09, 0x41])
        #expect(data.structures.count == 1)
        #expect(data.isMalformed)
        #expect(data.malformedOffset == 3)
    }

    @Test func everyByteStringParsesWithoutCrashing() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<5_000 {
            let bytes = (0..<Int(generator.next() % 40)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let data = AdvertisingData(bytes: bytes)
            #expect(data.bytes.count <= bytes.count)
            _ = data.beaconFrames
            _ = AdvertisingPDU(bytes: bytes)
        }
    }

    @Test func roundTrip() {
        let structures = [ADStructure(type: 0x01, data: [0x06]), ADStructure(type: 0x09, data: Array("Hi".utf8))]
        let data = AdvertisingData(structures: structures)
        #expect(data.bytes == [0x02, 0x01, 0x06, 0x03, 0x09, 0x48, 0x69])
        #expect(AdvertisingData(bytes: data.bytes) == data)
        #expect(data.localName == "Hi")
    }

    @Test func addressFormatting() {
        let address = BluetoothAddress(littleEndianBytes: [0x4C, 0xEF, 0x83, 0x38, 0xC1, 0xA4])
        #expect(address?.description == "A4:C1:38:83:EF:4C")
        #expect(BluetoothAddress(string: "A4:C1:38:83:EF:4C") == address)
        #expect(BluetoothAddress(string: "A4:C1:38") == nil)
    }
}
