// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import HCICapture
import Testing

@testable import HCILive

/// `advertise --extended`: one LE extended advertising set per beacon (issue 15).
@Suite("extended advertising")
struct ExtendedAdvertisingTests {
    static let beacons = (1...2).map { minor in
        AdvertisedBeacon(
            frame: IBeaconFrame(
                identity: IBeaconIdentity(uuid: BeaconUUID(high: 1, low: 2), major: 7, minor: UInt16(minor)),
                measuredPower: -59),
            interval: minor == 1 ? 100_000_000 : 1_022_500_000)
    }

    @Test("command bytes follow Core spec Vol 4 Part E §7.8.53, .54 and .56")
    func commandBytes() {
        let parameters = HCICommand.leSetExtendedAdvertisingParameters(
            handle: 1, properties: 0x0010, intervalMin: 0xA0, intervalMax: 0x0633, sid: 1)
        #expect(parameters.opcode == 0x2036)
        #expect(
            parameters.parameters == [
                0x01, 0x10, 0x00, 0xA0, 0x00, 0x00, 0x33, 0x06, 0x00, 0x07, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0x00, 0x7F,
                0x01, 0x00, 0x01, 0x01, 0x00,
            ])
        let data = HCICommand.leSetExtendedAdvertisingData(handle: 1, data: [0x02, 0x01, 0x06])
        #expect(data.packet.h4Bytes == [0x01, 0x37, 0x20, 0x07, 0x01, 0x03, 0x01, 0x03, 0x02, 0x01, 0x06])
        #expect(
            HCICommand.leSetExtendedAdvertisingEnable(true, handles: [0, 1]).parameters == [1, 2, 0, 0, 0, 0, 1, 0, 0, 0])
        #expect(HCICommand.leSetExtendedAdvertisingEnable(false, handles: []).parameters == [0, 0])
    }

    @Test("each beacon gets its own set at its own interval; all are enabled together, then disabled and cleared")
    func sets() throws {
        let controller = FakeController()
        controller.returns[HCICommand.leReadNumberOfSupportedAdvertisingSetsOpcode] = [4]
        let advertiser = BeaconAdvertiser(beacons: Self.beacons)
        try advertiser.runExtended(host: HCIHost(transport: controller), duration: .milliseconds(50), stop: { false })
        #expect(
            controller.sent.map(\.opcode) == [
                HCICommand.resetOpcode, HCICommand.leReadNumberOfSupportedAdvertisingSetsOpcode,
                HCICommand.leSetExtendedAdvertisingParametersOpcode, HCICommand.leSetExtendedAdvertisingDataOpcode,
                HCICommand.leSetExtendedAdvertisingParametersOpcode, HCICommand.leSetExtendedAdvertisingDataOpcode,
                HCICommand.leSetExtendedAdvertisingEnableOpcode, HCICommand.leSetExtendedAdvertisingEnableOpcode,
                HCICommand.leClearAdvertisingSetsOpcode,
            ])
        // 100 ms = 160 units (0xA0); 1022.5 ms = 1636 units (0x664); legacy non-connectable properties.
        #expect(Array(controller.sent[2].parameters.prefix(6)) == [0, 0x10, 0x00, 0xA0, 0x00, 0x00])
        #expect(Array(controller.sent[4].parameters.prefix(6)) == [1, 0x10, 0x00, 0x64, 0x06, 0x00])
        #expect(Array(controller.sent[3].parameters.dropFirst(4)) == Self.beacons[0].advertisingData(forEvent: 0))
        #expect(controller.sent[6] == .leSetExtendedAdvertisingEnable(true, handles: [0, 1]))
    }

    @Test("a controller with too few sets, or none, is refused with a message saying what to do")
    func tooFewSets() throws {
        let controller = FakeController()
        controller.returns[HCICommand.leReadNumberOfSupportedAdvertisingSetsOpcode] = [1]
        let advertiser = BeaconAdvertiser(beacons: Self.beacons)
        let error = #expect(throws: HCIError.self) {
            try advertiser.runExtended(host: HCIHost(transport: controller), duration: .zero, stop: { false })
        }
        #expect(error?.message.contains("supports 1 advertising sets, 2 beacons") == true)
        let legacyOnly = FakeController()
        legacyOnly.status = { $0 == HCICommand.leReadNumberOfSupportedAdvertisingSetsOpcode ? .unknownCommand : .success }
        let unsupported = #expect(throws: HCIError.self) {
            try advertiser.runExtended(host: HCIHost(transport: legacyOnly), duration: .zero, stop: { false })
        }
        #expect(unsupported?.message.contains("does not support extended advertising") == true)
    }
}
