// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising

/// Reads a whole capture once, streaming, and summarises it (`beaconsim inspect`).
public enum CaptureInspector {
    /// Summarises the capture at `path`; throws `CaptureError` (with byte offset) for a bad file.
    public static func inspect(path: String) throws -> CaptureSummary {
        try inspect(try CaptureReader(path: path))
    }

    /// Summarises a capture held in memory.
    public static func inspect(bytes: [UInt8]) throws -> CaptureSummary {
        try inspect(try CaptureReader(bytes: bytes))
    }

    /// Summarises every observation `reader` has left.
    public static func inspect(_ reader: CaptureReader) throws -> CaptureSummary {
        var addresses = Set<BluetoothAddress>()
        var beacons: [BeaconKey: BeaconSummary] = [:]
        var first: Int64? = nil
        var last: Int64? = nil
        var validCRC = 0
        try reader.forEachObservation { observation in
            addresses.insert(observation.address)
            first = min(first ?? observation.timestamp, observation.timestamp)
            last = max(last ?? observation.timestamp, observation.timestamp)
            if observation.crcValid == true { validCRC += 1 }
            var seen = Set<BeaconKey>()
            for frame in observation.beaconFrames {
                let key = BeaconKey(frame: frame, address: observation.address)
                guard seen.insert(key).inserted else { continue }
                beacons[key, default: BeaconSummary(key: key)].add(frame, from: observation)
            }
        }
        let statistics = reader.statistics
        let air = !reader.linkTypes.isEmpty && reader.linkTypes.allSatisfy(\.isAir)
        var summary = CaptureSummary(
            format: reader.format, linkTypes: reader.linkTypes, records: statistics.records,
            reports: statistics.advertisingReports, reportsWithValidCRC: air ? validCRC : nil,
            advertisingChannelPackets: air ? statistics.advertisingChannelPackets : nil,
            badCRCPackets: air ? statistics.badCRCPackets : nil, malformedPackets: statistics.malformedPackets,
            addresses: addresses.sorted(), firstReportTime: first, lastReportTime: last,
            beacons: beacons.values.sorted { $0.key < $1.key })
        summary.unreadableReports = statistics.unreadableReports
        return summary
    }
}
