// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising

extension CaptureSummary {
    /// The human-readable report of `beaconsim inspect`.
    public var text: String {
        var lines: [String] = []
        let types = linkTypes.map { "\($0.rawValue) (\($0.name))" }.joined(separator: ", ")
        lines.append("Format:     \(format.rawValue), link type \(types.isEmpty ? "none" : types)")
        lines.append("Records:    \(records)")
        if let first = firstReportTime, let last = lastReportTime, let span = timeSpanSeconds {
            lines.append(
                "Time span:  \(_UTCTime.iso8601(first)) to \(_UTCTime.iso8601(last)) (\(Self.fixed(span, 3)) s)")
        } else {
            lines.append("Time span:  no advertising reports")
        }
        if let valid = reportsWithValidCRC {
            lines.append(
                "Reports:    \(reports) advertising PDUs (\(valid) with a valid CRC); "
                    + "\(advertisingChannelPackets ?? 0) packets on the advertising access address, "
                    + "\(badCRCPackets ?? 0) with a bad CRC")
        } else {
            lines.append("Reports:    \(reports) LE advertising reports")
        }
        if malformedPackets > 0 {
            lines.append(
                "Malformed:  \(malformedPackets) HCI events damaged"
                    + (unreadableReports > 0 ? " (\(unreadableReports) reports unreadable; complete ones kept)" : ""))
        }
        lines.append("Addresses:  \(addresses.count)")
        lines.append("Beacons:    \(beacons.isEmpty ? "none" : String(beacons.count))")
        for beacon in beacons {
            let identity = beacon.key.identity.map { "\($0.name) \($0.value)" }.joined(separator: " ")
            var line = "  \(beacon.key.typeName) \(identity): \(beacon.frames) frame\(beacon.frames == 1 ? "" : "s") from "
            line += "\(beacon.addresses.count) address\(beacon.addresses.count == 1 ? "" : "es")"
            if let mean = beacon.rssi.mean {
                line += ", RSSI min/mean/max \(beacon.rssi.minimum)/\(Self.fixed(mean, 1))/\(beacon.rssi.maximum) dBm"
            }
            if let power = beacon.calibratedPower { line += ", calibrated power \(power) dBm" }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `value` with exactly `decimals` decimals, no locale.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(scaled) }
        let fraction = String(scaled % scale)
        return sign + String(scaled / scale) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
