// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import Foundation
import HCICapture
import Testing

/// Reports written with the writers read back as the same observations; tshark (when installed)
/// decodes the same number of LE Advertising Reports.
struct RoundTripTests {
    /// 50 legacy reports: iBeacons (in SCAN_RSP and ADV_NONCONN_IND), an Eddystone-UID, plain data,
    /// one unavailable RSSI; timestamps on whole microseconds (both formats store µs).
    static let reports: [(Int64, LEAdvertisingReport)] = (0..<50).map { index in
        let identity = IBeaconIdentity(
            uuid: BeaconUUID(string: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825")!, major: 5, minor: UInt16(index % 3))
        let data: [UInt8]
        switch index % 4 {
        case 0, 1: data = IBeaconFrame(identity: identity, measuredPower: -59).advertisingData
        case 2:
            data =
                [0x03, 0x03, 0xAA, 0xFE]
                + EddystoneUIDFrame(txPower: -20, namespace: Array(0..<10), instance: Array(10..<16))!
                .serviceDataStructure.bytes
        default: data = [0x02, 0x01, 0x06, 0x05, 0x09, 0x54, 0x65, 0x73, 0x74]
        }
        let report = LEAdvertisingReport(
            kind: .legacy, eventType: index % 2 == 0 ? 4 : 3, addressType: UInt8(index % 2),
            address: BluetoothAddress(value: 0xA4C1_3800_0000 + UInt64(index % 7)),
            rssi: index == 7 ? nil : Int8(-40 - index), data: data)
        return (1_700_000_000_000_000_000 + Int64(index) * 100_000_000 + 1_000, report)
    }

    static var packets: [TimestampedHCIPacket] {
        [
            TimestampedHCIPacket(
                timestamp: 1_699_999_999_000_000_000, direction: .hostToController, packet: HCICommand.reset().packet)
        ]
            + reports.map {
                TimestampedHCIPacket(timestamp: $0.0, direction: .controllerToHost, packet: $0.1.legacyEventPacket)
            }
    }

    static func write(btsnoop: Bool) throws -> String {
        let path = temporaryPath(btsnoop ? "reports.btsnoop" : "reports.pcapng")
        if btsnoop {
            try BtsnoopWriter.write(packets, toPath: path)
        } else {
            try PcapngWriter.write(packets, toPath: path)
        }
        return path
    }

    @Test(arguments: [true, false])
    func observationsSurviveTheRoundTrip(btsnoop: Bool) throws {
        let path = try Self.write(btsnoop: btsnoop)
        defer { removeTemporary(path) }
        let reader = try CaptureReader(path: path)
        var observations: [AdvertisingObservation] = []
        try reader.forEachObservation { observations.append($0) }
        #expect(observations == Self.reports.map { AdvertisingObservation(report: $0.1, timestamp: $0.0) })
        #expect(observations[7].rssi == nil)
        let summary = try CaptureInspector.inspect(path: path)
        #expect(summary.reports == 50)
        #expect(summary.beacons.map(\.key.typeName) == ["ibeacon", "ibeacon", "ibeacon", "eddystone-uid"])
        #expect(summary.beacons.map(\.frames) == [9, 9, 8, 12])
    }

    static let tshark = ["/usr/bin/tshark", "/usr/local/bin/tshark", "/opt/homebrew/bin/tshark"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        .enabled(if: tshark != nil, "tshark is not installed; skipping the Wireshark cross-check"),
        arguments: [true, false])
    func tsharkDecodesTheWrittenReports(btsnoop: Bool) throws {
        let path = try Self.write(btsnoop: btsnoop)
        defer { removeTemporary(path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tshark!)
        process.arguments = [
            "-r", path, "-Y", "bthci_evt.le_meta_subevent == 0x02", "-T", "fields", "-e", "frame.number",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        #expect(process.terminationStatus == 0)
        #expect(lines.count == Self.reports.count)
        #expect(lines.first == "2")
    }
}
