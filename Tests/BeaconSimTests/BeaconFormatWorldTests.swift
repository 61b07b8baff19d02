// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
@testable import BeaconSim
import HCICapture
import ScenarioFormat
import Testing

/// Beacons of other formats in a running world: the frames a capture records, who sees them, and
/// the located diagnostics of a phone that cannot.
@Suite("Beacon formats in a world")
struct BeaconFormatWorldTests {
    /// One multi-frame beacon 1 m from one phone.
    static func scenario(frames: String, phone: String, duration: String = "20s") throws -> Scenario {
        try ScenarioLoader.parse(
            text: """
                schemaVersion: 1
                name: formats
                duration: \(duration)
                venue:
                  size: [20, 20]
                beacons:
                  - name: b
                    position: [10, 10]
                \(frames)
                phones:
                  - name: p
                \(phone)
                    path:
                      - { position: [11, 10] }
                """, path: "formats.yaml", catalogue: .standard)
    }

    static let interleaved = """
            ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 2 }
            eddystone: { namespace: "EDD1EBEAC04E5DEFA017", instance: "0BDB87539B67", tlm: { every: 3 } }
        """

    static let ablPhone = """
            os: android-abl-8-fgs
            app:
              state: foreground
              layouts: [ibeacon, eddystone-uid]
              regions:
                - { name: r, namespace: "EDD1EBEAC04E5DEFA017" }
        """

    /// The AdvData and address of every advertising report a capture of the phone holds, with its
    /// simulated time (ns).
    static func reports(_ scenario: Scenario) throws -> [(time: Int64, address: [UInt8], data: [UInt8])] {
        let world = try World(scenario: scenario, seed: 1)
        var packets: [TimestampedHCIPacket] = []
        let recorder = PhoneHCIRecorder { packets.append($0) }
        try world.attach(recorder, toPhone: nil)
        _ = world.run()
        try recorder.finish()
        return packets.compactMap { packet in
            let bytes = packet.packet.bytes
            guard packet.packet.type == .event, bytes.count > 13, bytes[0] == 0x3E, bytes[2] == 0x02 else { return nil }
            return (
                packet.timestamp - PhoneHCIRecorder.defaultEpoch, Array(bytes[6..<12]),
                Array(bytes[13..<(13 + Int(bytes[12]))])
            )
        }
    }

    @Test("a capture records each event's frame of the rotation, all from the beacon's one address")
    func captureRotates() throws {
        let reports = try Self.reports(try Self.scenario(frames: Self.interleaved, phone: Self.ablPhone))
        #expect(reports.count > 100)
        #expect(Set(reports.map(\.address)).count == 1)
        let ibeacon = IBeaconFrame(
            identity: IBeaconIdentity(
                uuid: BeaconUUID(string: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825")!, major: 1, minor: 2), measuredPower: -59)
        let uid = EddystoneUID(namespaceHex: "EDD1EBEAC04E5DEFA017", instanceHex: "0BDB87539B67")!
        var kinds: Set<BeaconFrameKind> = []
        for report in reports {
            let frame = try #require(AdvertisingData(bytes: report.data).beaconFrames.first)
            kinds.insert(frame.kind)
            switch frame {
            case .ibeacon: #expect(report.data == ibeacon.advertisingData)
            case .eddystoneUID:
                // Measured power −59 at 1 m: +41 dB at 0 m is −18.
                #expect(report.data == AdvertisedFrame.eddystoneUID(uid, txPower: -18).advertisingData())
            case .eddystoneTLM(let tlm):
                // The third, sixth, … event: its PDU count is 3 × (3k + 2); the uptime is the time.
                let count = try #require(tlm.advertisingCount)
                #expect(count % 9 == 6)
                #expect(tlm.uptimeDeciseconds == UInt32(report.time / 100_000_000))
            default: Issue.record("unexpected frame \(frame.kind)")
            }
        }
        #expect(kinds == [.ibeacon, .eddystoneUID, .eddystoneTLM])
    }

    @Test("an iBeacon-only beacon's reports keep the identity-derived address")
    func iBeaconAddressUnchanged() throws {
        let frames = "    ibeacon: { uuid: \"FDA50693-A4E2-4FB1-AFCF-C6EB07647825\", major: 1, minor: 2 }"
        let reports = try Self.reports(
            try Self.scenario(
                frames: frames,
                phone: Self.ablPhone.replacingOccurrences(
                    of: "namespace: \"EDD1EBEAC04E5DEFA017\"", with: "uuid: \"FDA50693-A4E2-4FB1-AFCF-C6EB07647825\"")))
        let identity = IBeaconIdentity(uuid: BeaconUUID(string: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825")!, major: 1, minor: 2)
        #expect(!reports.isEmpty)
        #expect(reports.allSatisfy { $0.address == PhoneHCIRecorder.address(of: identity).littleEndianBytes })
    }

    @Test("the ABL app finds itself in its Eddystone region; a CoreLocation app never sees the beacon")
    func whoSeesEddystone() throws {
        let abl = try World(scenario: try Self.scenario(frames: Self.interleaved, phone: Self.ablPhone), seed: 1)
        // It starts beside the beacon: its initial state is inside.
        #expect(
            abl.run().trace.contains { record in
                if case .osRegionState("r", .inside, _) = record.event { return true }
                return false
            })
        let eddystoneOnly = "    eddystone: { namespace: \"EDD1EBEAC04E5DEFA017\", instance: \"0BDB87539B67\" }"
        let ios = """
                os: ios
                app:
                  state: foreground
                  regions:
                    - { name: r, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825" }
            """
        let world = try World(scenario: try Self.scenario(frames: eddystoneOnly, phone: ios), seed: 1)
        #expect(!world.run().trace.contains { if case .didEnterRegion = $0.event { true } else { false } })
    }

    @Test("a CoreBluetooth app in the foreground records its own presence from Eddystone, never from iBeacon")
    func coreBluetoothPresence() throws {
        let app = """
                os: ios
                app:
                  state: foreground
                  api: coreBluetooth
                  coreBluetooth: { exitAfter: 5s }
                  regions:
                    - { name: r, namespace: "EDD1EBEAC04E5DEFA017" }
                    - { name: i, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825" }
            """
        let world = try World(scenario: try Self.scenario(frames: Self.interleaved, phone: app), seed: 1)
        let trace = world.run().trace
        let entered = trace.compactMap { record -> String? in
            if case .appPresenceEntered(let region, _) = record.event { return region }
            return nil
        }
        #expect(entered == ["r"])
        #expect(!trace.contains { if case .didEnterRegion = $0.event { true } else { false } })
    }

    @Test("a phone that cannot see a format it is given is a located error")
    func diagnostics() throws {
        let iosLayouts = """
                os: ios
                app:
                  layouts: [eddystone-uid]
                  regions:
                    - { name: r, namespace: "EDD1EBEAC04E5DEFA017" }
            """
        #expect {
            try ResolvedScenario(try Self.scenario(frames: Self.interleaved, phone: iosLayouts))
        } throws: { error in
            let text = String(describing: error)
            return text.contains("'app.layouts' are Android Beacon Library beacon parsers")
                && text.contains(
                    "formats.yaml:17:11: error: region 'r': an Eddystone namespace region needs an app that sees Eddystone")
        }
        let androidCB = """
                os: android-abl
                app:
                  api: coreBluetooth
                  coreBluetooth: {}
                  regions: []
            """
        #expect {
            try ResolvedScenario(try Self.scenario(frames: Self.interleaved, phone: androidCB))
        } throws: { error in String(describing: error).contains("'api: coreBluetooth' models an iOS app's CoreBluetooth scan") }
        let badURL = "    eddystone: { url: \"ftp://example.com\" }"
        #expect {
            try ResolvedScenario(try Self.scenario(frames: badURL, phone: Self.ablPhone))
        } throws: { error in
            String(describing: error).contains(
                "formats.yaml:7:5: error: beacon 'b': Eddystone URL 'ftp://example.com' does not encode")
        }
    }
}
