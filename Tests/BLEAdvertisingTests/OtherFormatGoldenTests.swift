// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import Testing

/// Golden AdvData of the frames a simulated beacon of another format sends (formats.md §6.3–6.4;
/// google/eddystone; AltBeacon/spec), written out byte by byte from the specifications, and read
/// back by the module's own parser.
struct OtherFormatGoldenTests {
    static let id1 = BeaconUUID(string: "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6")!
    static let uid = EddystoneUID(namespaceHex: "EDD1EBEAC04E5DEFA017", instanceHex: "0BDB87539B67")!

    @Test func altBeaconBytes() throws {
        let frame = AdvertisedFrame.altBeacon(
            AltBeaconIdentity(id1: Self.id1, id2: 1, id3: 2), referenceRSSI: -59, manufacturerID: 0x0118)
        let expected: [UInt8] = [
            0x02, 0x01, 0x06,  // Flags
            0x1B, 0xFF, 0x18, 0x01, 0xBE, 0xAC,  // length 27, manufacturer data, company 0x0118 LE, beacon code
            0x2F, 0x23, 0x44, 0x54, 0xCF, 0x6D, 0x4A, 0x0F, 0xAD, 0xF2, 0xF4, 0x91, 0x1B, 0xA9, 0xFF, 0xA6,  // id1
            0x00, 0x01, 0x00, 0x02,  // id2, id3
            0xC5, 0x00,  // reference RSSI −59, reserved
        ]
        #expect(frame.advertisingData() == expected)
        #expect(expected.count == 31)
        let decoded = try #require(AdvertisingData(bytes: expected).beaconFrames.first)
        guard case .altBeacon(let alt) = decoded else { Issue.record("not an AltBeacon"); return }
        #expect(alt.id1 == Self.id1 && alt.id2 == 1 && alt.id3 == 2 && alt.referenceRSSI == -59)
        #expect(alt.manufacturerID == 0x0118)
    }

    @Test func eddystoneUIDBytes() throws {
        let frame = AdvertisedFrame.eddystoneUID(Self.uid, txPower: -18)
        let expected: [UInt8] = [
            0x02, 0x01, 0x06, 0x03, 0x03, 0xAA, 0xFE,  // Flags, complete 16-bit UUIDs: 0xFEAA
            0x17, 0x16, 0xAA, 0xFE, 0x00, 0xEE,  // service data, UID frame, tx power −18 at 0 m
            0xED, 0xD1, 0xEB, 0xEA, 0xC0, 0x4E, 0x5D, 0xEF, 0xA0, 0x17,  // namespace
            0x0B, 0xDB, 0x87, 0x53, 0x9B, 0x67, 0x00, 0x00,  // instance, RFU
        ]
        #expect(frame.advertisingData() == expected)
        #expect(expected.count == 31)
        let decoded = try #require(AdvertisingData(bytes: expected).beaconFrames.first)
        guard case .eddystoneUID(let parsed) = decoded else { Issue.record("not a UID"); return }
        #expect(parsed.namespaceHex == "EDD1EBEAC04E5DEFA017" && parsed.instanceHex == "0BDB87539B67")
        #expect(Self.uid.namespace == parsed.namespace && Self.uid.instance == parsed.instance)
    }

    @Test func eddystoneURLBytes() throws {
        let url = try #require(EddystoneURLFrame(txPower: -18, url: "https://example.com/"))
        let expected: [UInt8] = [
            0x02, 0x01, 0x06, 0x03, 0x03, 0xAA, 0xFE,
            0x0E, 0x16, 0xAA, 0xFE, 0x10, 0xEE, 0x03,  // URL frame, tx −18, scheme 3 = https://
            0x65, 0x78, 0x61, 0x6D, 0x70, 0x6C, 0x65, 0x00,  // "example", 0x00 = ".com/"
        ]
        #expect(AdvertisedFrame.eddystoneURL(url).advertisingData() == expected)
        let decoded = try #require(AdvertisingData(bytes: expected).beaconFrames.first)
        guard case .eddystoneURL(let parsed) = decoded else { Issue.record("not a URL"); return }
        #expect(parsed.url == "https://example.com/")
    }

    @Test func eddystoneTLMBytes() throws {
        // The 10th event (index 9) 12.34 s after power-up: ADV_CNT 27 PDUs, SEC_CNT 123 × 0.1 s.
        let frame = AdvertisedFrame.eddystoneTLM(advertisingEvent: 9)
        let expected: [UInt8] = [
            0x02, 0x01, 0x06, 0x03, 0x03, 0xAA, 0xFE,
            0x11, 0x16, 0xAA, 0xFE, 0x20, 0x00,  // length 0x11 as the spec requires, TLM version 0
            0x0B, 0xB8, 0x80, 0x00,  // 3000 mV, temperature not supported
            0x00, 0x00, 0x00, 0x1B, 0x00, 0x00, 0x00, 0x7B,  // ADV_CNT, SEC_CNT
        ]
        #expect(frame.advertisingData(at: 12_340_000_000) == expected)
        let decoded = try #require(AdvertisingData(bytes: expected).beaconFrames.first)
        guard case .eddystoneTLM(let tlm) = decoded else { Issue.record("not a TLM"); return }
        #expect(tlm.batteryMillivolts == 3000 && tlm.temperatureCelsius == nil)
        #expect(tlm.advertisingCount == 27 && tlm.uptimeDeciseconds == 123)
    }

    @Test func eddystoneUIDIdentity() {
        #expect(Self.uid.hasNamespace(of: EddystoneUID(namespaceHex: "edd1ebeac04e5defa017", instanceHex: "000000000000")!))
        #expect(!Self.uid.hasNamespace(of: EddystoneUID(namespaceHex: "EDD1EBEAC04E5DEFA018", instanceHex: "0BDB87539B67")!))
        #expect(EddystoneUID(namespaceHex: "EDD1EBEAC04E5DEFA01", instanceHex: "0BDB87539B67") == nil)
        #expect(EddystoneUID(namespaceHex: "EDD1EBEAC04E5DEFA01G", instanceHex: "0BDB87539B67") == nil)
        let uuid = BeaconUUID(string: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825")!
        #expect(EddystoneUID.elidedNamespace(of: uuid) == [0xFD, 0xA5, 0x06, 0x93, 0xC6, 0xEB, 0x07, 0x64, 0x78, 0x25])
    }

    @Test func serviceUUIDIsEddystoneOnly() {
        #expect(AdvertisedFrame.eddystoneUID(Self.uid, txPower: 0).advertisesService)
        #expect(AdvertisedFrame.eddystoneTLM(advertisingEvent: 0).advertisesService)
        #expect(
            !AdvertisedFrame.altBeacon(AltBeaconIdentity(id1: Self.id1, id2: 0, id3: 0), referenceRSSI: 0, manufacturerID: 0)
                .advertisesService)
        let ibeacon = IBeaconFrame(identity: IBeaconIdentity(uuid: Self.id1, major: 0, minor: 0), measuredPower: -59)
        #expect(!AdvertisedFrame.ibeacon(ibeacon).advertisesService)
    }
}

/// Which frame each advertising event of a multi-frame beacon carries.
struct FrameRotationTests {
    static let a = AdvertisedFrame.eddystoneUID(EddystoneUID(high: 1, low: 1), txPower: 0)
    static let b = AdvertisedFrame.eddystoneUID(EddystoneUID(high: 2, low: 2), txPower: 0)

    @Test func identifyingFramesTakeTurns() throws {
        let rotation = try #require(FrameRotation(frames: [Self.a, Self.b]))
        #expect((0..<5).map { rotation.frame(forEvent: $0) } == [Self.a, Self.b, Self.a, Self.b, Self.a])
        #expect(!rotation.isSingleFrame)
    }

    @Test func telemetryEveryThirdEvent() throws {
        let rotation = try #require(FrameRotation(frames: [Self.a, Self.b], tlmEvery: 3))
        let tlm = { (event: UInt32) in AdvertisedFrame.eddystoneTLM(advertisingEvent: event) }
        #expect(
            (0..<9).map { rotation.frame(forEvent: $0) } == [
                Self.a, Self.b, tlm(2), Self.a, Self.b, tlm(5), Self.a, Self.b, tlm(8),
            ])
    }

    @Test func oneToOneTelemetry() throws {
        let rotation = try #require(FrameRotation(frames: [Self.a], tlmEvery: 2))
        #expect(
            (0..<4).map { rotation.frame(forEvent: $0) } == [
                Self.a, .eddystoneTLM(advertisingEvent: 1), Self.a, .eddystoneTLM(advertisingEvent: 3),
            ])
    }

    @Test func invalidRotations() {
        #expect(FrameRotation(frames: []) == nil)
        #expect(FrameRotation(frames: [Self.a], tlmEvery: 1) == nil)
        #expect(FrameRotation(single: Self.a).isSingleFrame)
    }
}
