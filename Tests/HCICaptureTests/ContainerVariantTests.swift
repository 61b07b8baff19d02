// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import HCICapture
import Testing

/// Synthetic files for the container and link-type variants the real fixtures do not cover.
struct ContainerVariantTests {
    static let event = HCIGoldenTests.bumbleEvent  // H4 LE Advertising Report with an iBeacon
    static let airPDU: [UInt8] = {
        let frame = IBeaconFrame(
            identity: IBeaconIdentity(
                uuid: BeaconUUID(string: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825")!, major: 5, minor: 6),
            measuredPower: -59)
        return AdvertisingPDU(
            type: .advNonconnInd, address: BluetoothAddress(string: "F0:F1:F2:F3:F4:F5")!, randomAddress: true,
            payload: frame.advertisingData
        ).airPacket
    }()

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    static func le32(_ v: UInt32) -> [UInt8] { be32(v).reversed() }

    /// Classic pcap with one record (1 s + 500,000 fraction units).
    static func pcap(magic: UInt32, bigEndian: Bool, linkType: UInt32, data: [UInt8]) -> [UInt8] {
        let u32 = bigEndian ? be32 : le32
        let version: [UInt8] = bigEndian ? [0, 2, 0, 4] : [2, 0, 4, 0]
        return u32(magic) + version + u32(0) + u32(0) + u32(65535) + u32(linkType)
            + u32(1) + u32(500_000) + u32(UInt32(data.count)) + u32(UInt32(data.count)) + data
    }

    static func single(_ bytes: [UInt8]) throws -> (AdvertisingObservation?, CaptureReader) {
        let reader = try CaptureReader(bytes: bytes)
        return (try reader.nextObservation(), reader)
    }

    @Test(arguments: [(0xA1B2_C3D4, false), (0xA1B2_C3D4, true), (0xA1B2_3C4D, false), (0xA1B2_3C4D, true)])
    func pcapMagics(magic: UInt32, bigEndian: Bool) throws {
        let bytes = Self.pcap(magic: UInt32(magic), bigEndian: bigEndian, linkType: 187, data: Self.event)
        let (observation, reader) = try Self.single(bytes)
        #expect(reader.format == .pcap && reader.linkTypes == [.hciH4])
        let nanoseconds: Int64 = magic == 0xA1B2_3C4D ? 1_000_500_000 : 1_500_000_000
        #expect(observation?.timestamp == nanoseconds)
        #expect(observation?.beaconFrames.count == 1)
    }

    @Test func pcapLinuxMonitorAndPhdr() throws {
        let monitor = [0, 0, 0, 3] + Array(Self.event.dropFirst())  // adapter 0, opcode 3 = event
        #expect(try Self.single(Self.pcap(magic: 0xA1B2_C3D4, bigEndian: false, linkType: 254, data: monitor)).0 != nil)
        let note = [0xFF, 0xFF, 0, 12] + Array("note".utf8)  // system note: skipped
        #expect(try Self.single(Self.pcap(magic: 0xA1B2_C3D4, bigEndian: false, linkType: 254, data: note)).0 == nil)
        let phdr = Self.be32(1) + Self.event
        #expect(try Self.single(Self.pcap(magic: 0xA1B2_C3D4, bigEndian: true, linkType: 201, data: phdr)).0 != nil)
    }

    @Test func pcapAirLinkTypes() throws {
        let ll = try Self.single(Self.pcap(magic: 0xA1B2_C3D4, bigEndian: false, linkType: 251, data: Self.airPDU)).0
        #expect(ll?.crcValid == true && ll?.pduType == .advNonconnInd && ll?.beaconFrames.count == 1)
        // 256: RF channel 12 (= channel 38), signal −70 dBm valid (flag 0x0002).
        let header: [UInt8] = [12, 0xBA, 0, 0, 0, 0, 0, 0, 0x03, 0x00]
        let phdr = try Self.single(
            Self.pcap(magic: 0xA1B2_C3D4, bigEndian: false, linkType: 256, data: header + Self.airPDU)
        ).0
        #expect(phdr?.channel == 38 && phdr?.rssi == -70 && phdr?.address.description == "F0:F1:F2:F3:F4:F5")
        var corrupted = Self.airPDU
        corrupted[20] ^= 0x01
        let bad = try Self.single(Self.pcap(magic: 0xA1B2_C3D4, bigEndian: false, linkType: 251, data: corrupted))
        #expect(bad.0?.crcValid == false && bad.0?.beaconFrames.isEmpty == true)
        #expect(bad.1.statistics.badCRCPackets == 1)
        // 272, protocol v3 layout: board, len (2), version 3, counter (2), id, header length 10, flags,
        // channel 39, RSSI 55 (→ −55), event counter (2), timestamp (4).
        let nordic: [UInt8] = [0x00, 0x2A, 0x00, 0x03, 0x01, 0x00, 0x02, 0x0A, 0x01, 39, 55, 0, 0, 0, 0, 0, 0]
        let n = try Self.single(
            Self.pcap(magic: 0xA1B2_C3D4, bigEndian: false, linkType: 272, data: nordic + Self.airPDU)
        ).0
        #expect(n?.channel == 39 && n?.rssi == -55 && n?.crcValid == true)
    }

    static func btsnoop(datalink: UInt32, flags: UInt32, data: [UInt8]) -> [UInt8] {
        Array("btsnoop".utf8) + [0] + be32(1) + be32(datalink) + be32(UInt32(data.count)) + be32(UInt32(data.count))
            + be32(flags) + be32(0) + [0x00, 0xE2, 0x8C, 0xE4, 0x16, 0xD5, 0x62, 0x40] + data
    }

    @Test func btsnoopH1AndMonitor() throws {
        let raw = Array(Self.event.dropFirst())
        let h1 = try Self.single(Self.btsnoop(datalink: 1001, flags: 3, data: raw))
        #expect(h1.0?.timestamp == 1_600_000_000_123_456_000 && h1.1.linkTypes == [.btsnoopH1])
        let monitor = try Self.single(Self.btsnoop(datalink: 2001, flags: 0x0000_0003, data: raw))
        #expect(monitor.0?.address.description == "F0:F1:F2:F3:F4:F5")
        let newIndex = try Self.single(Self.btsnoop(datalink: 2001, flags: 0, data: Array(repeating: 0, count: 16)))
        #expect(newIndex.0 == nil && newIndex.1.statistics.skippedRecords == 1)
    }

    @Test func errorsCarryCodeAndOffset() {
        #expect { try CaptureReader(bytes: Array("hello world".utf8)) } throws: {
            ($0 as? CaptureError)?.code == .badMagic
        }
        let unsupported = Self.btsnoop(datalink: 1003, flags: 0, data: [])
        #expect { try CaptureReader(bytes: unsupported) } throws: {
            ($0 as? CaptureError)?.code == .unsupportedLinkType && ($0 as? CaptureError)?.offset == 12
        }
        let truncated = Array(Self.btsnoop(datalink: 1002, flags: 3, data: Self.event).prefix(26))
        #expect {
            let reader = try CaptureReader(bytes: truncated)
            _ = try reader.nextRecord()
        } throws: { error in
            let error = error as? CaptureError
            return error?.code == .truncated && error?.offset == 16
                && error?.message == "truncated btsnoop record header at byte offset 16: need 24 bytes, file has 10"
        }
    }
}
