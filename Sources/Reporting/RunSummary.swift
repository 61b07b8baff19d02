// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import ScenarioFormat

/// The short human summary `beaconsim run` prints.
public enum RunSummary {
    public static func text(scenario: Scenario, result: RunResult, metrics: [RegionMetrics], wallSeconds: Double) -> String {
        let percent = result.packetsSent > 0 ? 100 * Double(result.packetsReceived) / Double(result.packetsSent) : 0
        var lines = [
            "\(scenario.name) (seed \(result.seed)): \(seconds(Double(scenario.duration) / 1e9)) simulated in "
                + "\(rounded(wallSeconds, 3)) s; \(result.packetsSent) packets sent, \(result.packetsReceived) received "
                + "(\(rounded(percent, 1)) %)"
        ]
        for entry in metrics {
            guard let region = entry.region else {
                if let count = entry.counts[.notifications], count > 0 {
                    lines.append("\(entry.phone): \(Plural.count(count, "notification")) posted")
                }
                continue
            }
            lines.append("\(entry.phone) / \(region)" + (entry.zone.map { " (zone \($0))" } ?? "") + ":")
            lines.append(
                "  didEnterRegion ×\(entry.counts[.entries] ?? 0)"
                    + latencies(
                        entry,
                        [
                            (.entryLatencyFromZone, "from zone"), (.entryLatencyFromFirstPacket, "from first packet"),
                        ]))
            lines.append(
                "  didExitRegion ×\(entry.counts[.exits] ?? 0)"
                    + latencies(
                        entry,
                        [
                            (.exitLatencyFromZone, "from zone"), (.exitLatencyFromLastPacket, "from last packet"),
                            (.exitLatencyFromPowerOff, "from power-off"),
                        ]))
            lines.append(
                "  false exits \(entry.counts[.falseExits] ?? 0), missed exits \(entry.counts[.missedExits] ?? 0), "
                    + "missed entries \(entry.counts[.missedEntries] ?? 0)")
        }
        return lines.joined(separator: "\n")
    }

    private static func latencies(_ entry: RegionMetrics, _ metrics: [(ClaimMetric, String)]) -> String {
        let parts = metrics.compactMap { metric, label -> String? in
            guard let samples = entry.latencies[metric], !samples.isEmpty else { return nil }
            return "\(label) " + samples.map { seconds($0) }.joined(separator: ", ")
        }
        return parts.isEmpty ? "" : "  latency " + parts.joined(separator: "; ")
    }

    static func seconds(_ value: Double) -> String {
        abs(value) >= 120 ? "\(rounded(value / 60, 1)) min" : "\(rounded(value, 1)) s"
    }

    public static func rounded(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return "\((value * scale).rounded() / scale)"
    }
}
