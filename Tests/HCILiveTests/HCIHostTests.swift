// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import HCICapture
import HCILive
import Testing

@Suite("HCI host, transports and advertiser")
struct HCIHostTests {
    static let report = LEAdvertisingReport(
        kind: .legacy, eventType: 3, addressType: 1, address: BluetoothAddress(value: 0xC0FFEE), rssi: -60,
        data: [0x02, 0x01, 0x06])

    @Test("a command returns after its Command Complete; other events wait for nextEvent")
    func commandComplete() throws {
        let controller = FakeController()
        controller.pending = [Self.report.legacyEventPacket]
        let host = HCIHost(transport: controller)
        try host.execute(.reset())
        #expect(controller.sent.map(\.opcode) == [HCICommand.resetOpcode])
        let event = try #require(try host.nextEvent(timeout: .milliseconds(1)))
        #expect(event == .leAdvertisingReports([Self.report]))
        #expect(try host.nextEvent(timeout: .milliseconds(1)) == nil)
    }

    @Test("a bad status names the command and the HCI status")
    func badStatus() throws {
        let controller = FakeController()
        controller.status = { $0 == HCICommand.leSetScanEnableOpcode ? .commandDisallowed : .success }
        let host = HCIHost(transport: controller)
        let error = #expect(throws: HCIError.self) { try host.execute(.leSetScanEnable(true)) }
        #expect(error?.code == .badStatus)
        #expect(error?.status == .commandDisallowed)
        #expect(error?.message == "LE Set Scan Enable (0x200C) failed: 0x0C Command Disallowed")
    }

    @Test("no reply within the timeout is an error, not a hang")
    func timeout() throws {
        let controller = FakeController()
        controller.silent = [HCICommand.resetOpcode]
        let host = HCIHost(transport: controller, commandTimeout: .milliseconds(30))
        let error = #expect(throws: HCIError.self) { try host.execute(.reset()) }
        #expect(error?.code == .timeout)
        #expect(error?.message.hasPrefix("Reset (0x0C03): no Command Complete") == true)
    }

    @Test("Bumble-style transport names parse; others are rejected with the accepted forms")
    func names() throws {
        #expect(try HCITransportName(parsing: "tcp-client:127.0.0.1:9000") == .tcpClient(host: "127.0.0.1", port: 9000))
        #expect(try HCITransportName(parsing: "tcp-server:[::1]:9001") == .tcpServer(host: "::1", port: 9001))
        #expect(try HCITransportName(parsing: "pty:/tmp/hci") == .pty(path: "/tmp/hci"))
        #expect(try HCITransportName(parsing: "serial:/dev/ttyACM0,115200") == .serial(device: "/dev/ttyACM0", baud: 115_200))
        #expect(try HCITransportName(parsing: "hci:0") == .hci(index: 0))
        for bad in ["usb:0", "tcp-client:localhost", "hci:x", "serial:", "tcp-server:1.2.3.4:99999"] {
            let error = #expect(throws: HCIError.self) { try HCITransportName(parsing: bad) }
            #expect(error?.code == .badTransportName)
        }
    }

    @Test("hci:N without such a device fails with a clear message")
    func userChannel() throws {
        let error = #expect(throws: HCIError.self) { try HCITransportName.hci(index: 99).open() }
        #expect(error?.message.hasPrefix("hci:99: ") == true)
    }

    @Test("a tcp-client with nobody listening gives up after its timeout")
    func refused() throws {
        let error = #expect(throws: HCIError.self) {
            try HCITransportName.tcpClient(host: "127.0.0.1", port: 1).open(timeout: .milliseconds(200))
        }
        #expect(error?.message.contains("connect") == true)
    }

    @Test("the advertiser sets parameters, data and enable, rotates several beacons, then disables")
    func advertiser() throws {
        let frames = (1...2).map { minor in
            IBeaconFrame(
                identity: IBeaconIdentity(uuid: BeaconUUID(high: 1, low: 2), major: 7, minor: UInt16(minor)),
                measuredPower: -59)
        }
        let controller = FakeController()
        let advertiser = BeaconAdvertiser(
            beacons: frames.map { AdvertisedBeacon(frame: $0, interval: 100_000_000) }, connectable: true)
        #expect(advertiser.slot == 50_000_000)
        let changes = try advertiser.run(host: HCIHost(transport: controller), duration: .milliseconds(170), stop: { false })
        #expect(changes >= 2)
        let opcodes = controller.sent.map(\.opcode)
        #expect(
            Array(opcodes.prefix(4)) == [
                HCICommand.resetOpcode, HCICommand.leSetAdvertisingParametersOpcode, HCICommand.leSetAdvertisingDataOpcode,
                HCICommand.leSetAdvertisingEnableOpcode,
            ])
        #expect(controller.sent[1].parameters.prefix(5) == [0x50, 0x00, 0x50, 0x00, 0x00])  // 80 × 0.625 ms, ADV_IND
        #expect(controller.sent.last == .leSetAdvertisingEnable(false))
        let data = controller.sent.filter { $0.opcode == HCICommand.leSetAdvertisingDataOpcode }.map(\.parameters)
        #expect(data[0] != data[1])
    }
}
