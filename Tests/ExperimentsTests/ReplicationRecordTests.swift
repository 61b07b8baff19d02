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
        let read = try ReplicationRecord.read(url)
        #expect(read == [record, record])
        #expect(read[0].metrics[0].latencies[.exitLatencyFromZone]?[0].bitPattern == (0.1 + 0.2).bitPattern)
    }
}
