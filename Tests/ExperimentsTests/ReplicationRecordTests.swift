// SPDX-License-Identifier: GPL-3.0-or-later
import Experiments
import Foundation
import Reporting
import ScenarioFormat
import Testing

@Suite("replication records")
struct ReplicationRecordTests {
    @Test("a record survives its JSON line bit for bit, awkward doubles included")
    func roundTrip() throws {
        var metrics = RegionMetrics(phone: "alice", region: "store", zone: "store")
        metrics.latencies[.exitLatencyFromZone] = [0.1 + 0.2, -86.002791684, 1e-9, 123456.789012345, 5e-324]
        metrics.counts[.exits] = 3
        metrics.opportunities[.missedExits] = 2
        var phone = RegionMetrics(phone: "alice", region: nil, zone: nil)
        phone.counts[.notifications] = 1
        let record = ReplicationRecord(point: 2, replication: 7, metrics: [metrics, phone])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).jsonl")
        try Data((record.jsonLine + "\n" + record.jsonLine + "\n").utf8).write(to: url)
        let read = try ReplicationRecord.read(url, points: 3, replications: 8, checksum: nil)
        #expect(read == [record, record])
        #expect(read[0].metrics[0].latencies[.exitLatencyFromZone]?[0].bitPattern == (0.1 + 0.2).bitPattern)
    }

    /// Writes `lines` to a temporary file and reads them back for a grid of `points` × `replications`.
    static func read(_ lines: [String], points: Int = 1, replications: Int = 4, checksum: String? = nil) throws
        -> [ReplicationRecord]
    {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url)
        return try ReplicationRecord.read(url, points: points, replications: replications, checksum: checksum)
    }

    static func line(point: String = "0", replication: String = "1", count: String = "3") -> String {
        #"{"point":\#(point),"replication":\#(replication),"regions":[{"phone":"p","latencies":{},"counts":{"exits":\#(count)},"opportunities":{}}]}"#
    }

    @Test(
        "records outside what the writer could produce are input errors naming the line, not traps",
        arguments: [
            (line(point: "-1"), "point -1 is outside 0…0"),
            (line(point: "5"), "point 5 is outside 0…0"),
            (line(replication: "4"), "replication 4 is outside 0…3"),
            (line(replication: "-3"), "replication -3 is outside 0…3"),
            (line(count: "9223372036854775807"), "exits: count 9223372036854775807 is outside 0…10000000000"),
            (line(count: "-1"), "exits: count -1 is outside 0…10000000000"),
        ])
    func bounds(line: String, message: String) throws {
        do {
            _ = try Self.read([line])
            Issue.record("accepted \(line)")
        } catch let error as ExperimentError {
            #expect(error.description.hasSuffix(":1: error: \(message)"), "\(error.description)")
        }
    }

    @Test("a file whose bytes differ from the manifest's checksum is refused as edited")
    func checksum() throws {
        let lines = [Self.line(), Self.line(replication: "2")]
        let hash = SHA256Digest.hex(of: Array(lines.map { $0 + "\n" }.joined().utf8))
        #expect(try Self.read(lines, checksum: hash).count == 2)
        do {
            _ = try Self.read([lines[0], Self.line(replication: "3")], checksum: hash)
            Issue.record("an edited file was accepted")
        } catch let error as ExperimentError {
            #expect(error.message.contains("the records were changed after they were written"), "\(error.message)")
        }
    }

    /// The line as it was built through `String` before the byte writer (`JSONText`), the bytes
    /// every replications.jsonl and its recorded checksums were written with.
    static func textLine(_ record: ReplicationRecord) -> String {
        func region(_ metrics: RegionMetrics) -> String {
            var fields: [(String, String)] = [("phone", JSONText.string(metrics.phone))]
            if let region = metrics.region { fields.append(("region", JSONText.string(region))) }
            if let zone = metrics.zone { fields.append(("zone", JSONText.string(zone))) }
            let latencies = ClaimMetric.allCases.compactMap { metric in
                metrics.latencies[metric].map { (metric.rawValue, JSONText.array($0.map { "\($0)" })) }
            }
            let counts = ClaimMetric.allCases.compactMap { metric in metrics.counts[metric].map { (metric.rawValue, String($0)) }
            }
            let opportunities = ClaimMetric.allCases.compactMap { metric in
                metrics.opportunities[metric].map { (metric.rawValue, String($0)) }
            }
            fields += [
                ("latencies", JSONText.object(latencies)), ("counts", JSONText.object(counts)),
                ("opportunities", JSONText.object(opportunities)),
            ]
            return JSONText.object(fields)
        }
        var fields = [
            ("point", String(record.point)), ("replication", String(record.replication)),
            ("regions", JSONText.array(record.metrics.map(region))),
        ]
        if !record.variants.isEmpty {
            let sorted = record.variants.sorted { $0.key < $1.key }
            fields.append(("variants", JSONText.object(sorted.map { ($0.key, JSONText.array($0.value.map(region))) })))
        }
        if !record.measures.isEmpty {
            let sorted = record.measures.sorted { $0.key < $1.key }
            fields.append(("measures", JSONText.object(sorted.map { ($0.key, JSONText.array($0.value.map { "\($0)" })) })))
        }
        return JSONText.object(fields)
    }

    @Test("the byte writer writes the bytes the String builder wrote, over many random records")
    func sameBytesAsText() {
        var seed = UInt64(0x5EED)
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 11
        }
        let names = ["alice", "b\"ob", "caf\u{E9}", "tab\tnew\nline", "\u{1}ctl", "\\", "zone 1", "日本"]
        let doubles: [Double] = [
            0, -0.0, 1, 0.1 + 0.2, -86.002791684, 1e-9, 123456.789012345, 5e-324, 1e300, 2.5, 1e15, 0.000123,
        ]
        for _ in 0..<2_000 {
            func metrics() -> RegionMetrics {
                var metrics = RegionMetrics(
                    phone: names[Int(next() % 8)], region: next() % 3 == 0 ? nil : names[Int(next() % 8)],
                    zone: next() % 2 == 0 ? nil : names[Int(next() % 8)])
                for metric in ClaimMetric.allCases where next() % 4 == 0 {
                    switch next() % 3 {
                    case 0:
                        metrics.latencies[metric] = SampleSeries(
                            (0..<Int(next() % 5)).map { _ in
                                next() % 2 == 0 ? doubles[Int(next() % 12)] : Double(bitPattern: next() << 11)
                            })
                    case 1: metrics.counts[metric] = Int(next() % 1000)
                    default: metrics.opportunities[metric] = Int(next() % 50)
                    }
                }
                return metrics
            }
            var variants: [String: [RegionMetrics]] = [:]
            var measures: [String: [Double]] = [:]
            for _ in 0..<Int(next() % 3) { variants[names[Int(next() % 8)]] = (0..<Int(next() % 3)).map { _ in metrics() } }
            for _ in 0..<Int(next() % 3) {
                measures[names[Int(next() % 8)]] = (0..<Int(next() % 4)).map { _ in doubles[Int(next() % 12)] }
            }
            let record = ReplicationRecord(
                point: Int(next() % 100), replication: Int(next() % 100), metrics: (0..<Int(next() % 4)).map { _ in metrics() },
                variants: variants, measures: measures)
            #expect(record.jsonLine == Self.textLine(record))
        }
    }
}
