// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import Testing

struct BeaconFrameTests {
    static let namespace: [UInt8] = [0xED, 0xD1, 0xEB, 0xEA, 0xC0, 0x4E, 0x5D, 0xEF, 0xA0, 0x17]
    static let instance: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06]

    @Test func eddystoneUIDGolden() throws {
        let frame = try #require(EddystoneUIDFrame(txPower: -20, namespace: Self.namespace, instance: Self.instance))
        let bytes: [UInt8] = [
            0x17, 0x16, 0xAA, 0xFE, 0x00, 0xEC, 0xED, 0xD1, 0xEB, 0xEA, 0xC0, 0x4E, 0x5D, 0xEF, 0xA0, 0x17,
            0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x00, 0x00,
        ]
        #expect(frame.serviceDataStructure.bytes == bytes)
        let data = AdvertisingData(bytes: [0x03, 0x03, 0xAA, 0xFE] + bytes)
        #expect(data.beaconFrames == [.eddystoneUID(frame)])
        #expect(frame.namespaceHex == "EDD1EBEAC04E5DEFA017")
        #expect(frame.instanceHex == "010203040506")
    }

    @Test func eddystoneURL() throws {
        // https://goo.gl/S6zT6P: scheme 3 ("https://"), the rest literal (no expansion matches).
        let structure: [UInt8] = [0x13, 0x16, 0xAA, 0xFE, 0x10, 0xEB, 0x03] + Array("goo.gl/S6zT6P".utf8)
        let data = AdvertisingData(bytes: structure)
        guard case .eddystoneURL(let frame) = try #require(data.beaconFrames.first) else {
            Issue.record("not a URL frame")
            return
        }
        #expect(frame.url == "https://goo.gl/S6zT6P")
        #expect(frame.txPower == -21)
        let encoded = try #require(EddystoneURLFrame(txPower: -21, url: "https://www.example.com/x"))
        #expect(encoded.scheme == 1)
        #expect(encoded.encodedURL == Array("example".utf8) + [0x00, 0x78])
        #expect(encoded.url == "https://www.example.com/x")
        #expect(EddystoneURLFrame(txPower: 0, url: "ftp://x") == nil)
    }

    @Test func eddystoneTLMVersion0() throws {
        let service: [UInt8] = [
            0xAA, 0xFE, 0x20, 0x00, 0x0B, 0xB8, 0x17, 0x80, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x27, 0x10,
        ]
        let data = AdvertisingData(structures: [ADStructure(type: 0x16, data: service)])
        guard case .eddystoneTLM(let frame) = try #require(data.beaconFrames.first) else {
            Issue.record("not a TLM frame")
            return
        }
        #expect(frame.version == 0)
        #expect(frame.batteryMillivolts == 3000)
        #expect(frame.temperatureCelsius == 23.5)
        #expect(frame.advertisingCount == 256)
        #expect(frame.uptimeDeciseconds == 10_000)
    }

    @Test func eddystoneEIDAndUnknownFrameType() {
        let eid = ADStructure(type: 0x16, data: [0xAA, 0xFE, 0x30, 0xF6, 1, 2, 3, 4, 5, 6, 7, 8])
        #expect(BeaconFrame(structure: eid)?.typeName == "eddystone-eid")
        let unknown = ADStructure(type: 0x16, data: [0xAA, 0xFE, 0x40, 0x00, 0x01, 0x02])
        #expect(BeaconFrame(structure: unknown) == nil)
        #expect(AdvertisingData(structures: [unknown]).beaconFrames.isEmpty)
    }

    @Test func altBeaconGolden() throws {
        let id = (0..<20).map { UInt8($0 + 1) }
        let frame = try #require(
            AltBeaconFrame(manufacturerID: 0x0118, beaconID: id, referenceRSSI: -59, reserved: 0x00))
        let bytes: [UInt8] = [0x1B, 0xFF, 0x18, 0x01, 0xBE, 0xAC] + id + [0xC5, 0x00]
        #expect(frame.manufacturerStructure.bytes == bytes)
        #expect(AdvertisingData(bytes: bytes).beaconFrames == [.altBeacon(frame)])
        #expect(frame.id1.description == "01020304-0506-0708-090A-0B0C0D0E0F10")
        #expect(frame.id2 == 0x1112)
        #expect(frame.id3 == 0x1314)
    }

    @Test func nonBeaconManufacturerDataStaysRaw() {
        let apple = ADStructure(type: 0xFF, data: [0x4C, 0x00, 0x10, 0x05, 0x01, 0x18, 0x00, 0x00, 0x00])
        #expect(BeaconFrame(structure: apple) == nil)
    }
}
