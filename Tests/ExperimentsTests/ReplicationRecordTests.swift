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
}
