// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import HCICapture
import Reporting
import Testing

/// Each shared capture's summary against the ground truth in its `.json` (`expected_inspect` and the
/// counts around it).
struct GroundTruthTests {
    @Test(arguments: Fixture.allCases)
    func summaryMatchesGroundTruth(_ fixture: Fixture) throws {
        let truth = fixture.groundTruth
        let expected = truth["expected_inspect"] as! [String: Any]
        let summary = try CaptureInspector.inspect(path: fixture.path)

        #expect(summary.format.rawValue == (truth["format"] as! [String: Any])["container"] as! String)
        #expect(summary.records == truth["records"] as! Int)
        #expect(summary.addresses.count == truth["distinct_advertiser_addresses"] as! Int)
        #expect(summary.firstReportTime.map(isoTime) == truth["first_advertising_time_utc"] as? String)
        #expect(summary.lastReportTime.map(isoTime) == truth["last_advertising_time_utc"] as? String)

        if let reports = expected["reports"] as? Int {
            #expect(summary.reports == reports)
            #expect(summary.reportsWithValidCRC == nil)
        } else {
            // Air captures: `reports` counts parsed advertiser's PDUs whatever their CRC.
            let linkLayer = truth["link_layer"] as! [String: Any]
            #expect(summary.reports == linkLayer["parsed_advertising_pdus"] as! Int)
            #expect(summary.reportsWithValidCRC == linkLayer["parsed_advertising_pdus_with_good_crc"] as? Int)
            #expect(summary.advertisingChannelPackets == linkLayer["advertising_access_address_packets"] as? Int)
        }

        let ibeacons = (expected["ibeacons"] as! [[String: Any]]).map {
            "\($0["uuid"] as! String)/\($0["major"] as! Int)/\($0["minor"] as! Int): \($0["frames"] as! Int)"
        }
        let found = summary.beacons.compactMap { beacon -> String? in
            guard case .ibeacon(let id) = beacon.key else { return nil }
            return "\(id.uuid)/\(id.major)/\(id.minor): \(beacon.frames)"
        }
        #expect(found == ibeacons)

        let totals = Dictionary(uniqueKeysWithValues: summary.beaconFrameTotals.map { ($0.type, $0.frames) })
        #expect(totals["eddystone-tlm"] == expected["eddystone_tlm_frames"] as? Int)
        #expect(
            totals["eddystone-uid"]! + totals["eddystone-url"]! + totals["eddystone-eid"]!
                == expected["eddystone_uid_url_eid_frames"] as! Int)
        #expect(totals["altbeacon"] == expected["altbeacon_frames"] as? Int)
    }

    @Test func horizonBeaconAddressesAndRSSI() throws {
        let truth = (Fixture.horizon.groundTruth["beacons"] as! [[String: Any]])
        let summary = try CaptureInspector.inspect(path: Fixture.horizon.path)
        #expect(summary.beacons.count == truth.count)
        for (beacon, expected) in zip(summary.beacons, truth) {
            #expect(beacon.addresses.map(\.description) == expected["addresses"] as! [String])
            #expect(Int(beacon.rssi.minimum) == expected["rssi_min"] as! Int)
            #expect(Int(beacon.rssi.maximum) == expected["rssi_max"] as! Int)
            #expect(beacon.calibratedPower.map(Int.init) == expected["measured_power"] as? Int)
        }
    }

    @Test func horizonEventTypesAndSCANRSPBeacons() throws {
        let reader = try CaptureReader(path: Fixture.horizon.path)
        var types: [UInt16: Int] = [:]
        var beaconTypes = Set<UInt16>()
        try reader.forEachObservation { observation in
            types[observation.eventType, default: 0] += 1
            if !observation.beaconFrames.isEmpty { beaconTypes.insert(observation.eventType) }
            #expect(observation.sourceKind == .hciReport)
        }
        #expect(types == [0: 126, 2: 1, 3: 158, 4: 127])
        #expect(beaconTypes == [4])  // all iBeacon frames arrive in SCAN_RSP
        #expect(reader.statistics.hciEvents == 818)
    }

    @Test func nordicChannelsAndRSSI() throws {
        let reader = try CaptureReader(path: Fixture.pact.path)
        var channels = Set<UInt8>()
        var rssi = RSSIStatistics()
        try reader.forEachObservation { observation in
            channels.insert(observation.channel ?? 0)
            if let value = observation.rssi { rssi.add(value) }
            #expect(observation.crcValid == true)
        }
        #expect(channels == [37, 38, 39])
        #expect(rssi.minimum == -51 && rssi.maximum == -38)
    }

    @Test func jsonContractStartsWithFormatAndReports() throws {
        let json = CaptureSummaryJSON.text(try CaptureInspector.inspect(path: Fixture.horizon.path))
        #expect(json.hasPrefix("{\n  \"format\": \"btsnoop\",\n  \"linkTypes\": [1002],"))
        #expect(json.contains("\"reports\": 412,"))
        #expect(json.contains("\"uuid\": \"494E5445-4C4C-495F-524F-434B535F4857\""))
        // Deterministic: the same text twice.
        #expect(json == CaptureSummaryJSON.text(try CaptureInspector.inspect(path: Fixture.horizon.path)))
    }

    private func isoTime(_ nanoseconds: Int64) -> String {
        let summary = CaptureSummary(
            format: .btsnoop, linkTypes: [], records: 0, reports: 0, reportsWithValidCRC: nil,
            advertisingChannelPackets: nil, badCRCPackets: nil, malformedPackets: 0, addresses: [],
            firstReportTime: nanoseconds, lastReportTime: nanoseconds, beacons: [])
        return summary.firstReportTimeText ?? ""
    }
}
