// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The flat twins of nested outputs (check.csv, metrics.csv) and plan.json's beacon identities.
@Suite("Data twins for pandas")
struct DataTwinsTests {
    static func folder(_ out: URL, containing file: String) throws -> URL {
        let enumerator = FileManager.default.enumerator(at: out, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent == file { return url.deletingLastPathComponent() }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    @Test("check.csv has one row per condition of check.json, with the value and verdict")
    func checkCSV() throws {
        let out = try CLI.temporaryDirectory()
        let checked = try CLI.run([
            "check", "Scenarios/claims/c02-exit-after-power-off.yaml", "--replications", "10", "--out", out.path,
        ])
        #expect(checked.status <= 1, "\(checked.stderr)")
        let folder = try Self.folder(out, containing: "check.csv")
        let lines = try String(contentsOf: folder.appendingPathComponent("check.csv"), encoding: .utf8)
            .split(separator: "\n")
        #expect(lines.first?.hasPrefix("claim,phone,region,variant,versus,quantity,statistic,condition,value,") == true)
        let check = try String(contentsOf: folder.appendingPathComponent("check.json"), encoding: .utf8)
        #expect(lines.count - 1 == check.components(separatedBy: "\"statistic\"").count - 1)
        let mean = "store.exitLatencyFromPowerOff.mean,,store,,,exitLatencyFromPowerOff,mean,30s..45s,"
        #expect(lines.contains { $0.hasPrefix(mean) })
    }

    @Test("a run writes metrics.csv (units named) and plan.json with the beacons' uuid, major and minor")
    func runTwins() throws {
        let out = try CLI.temporaryDirectory()
        #expect(try CLI.run(["run", "Scenarios/retail-store.yaml", "--out", out.path]).status == 0)
        let folder = try Self.folder(out, containing: "metrics.csv")
        let metrics = try String(contentsOf: folder.appendingPathComponent("metrics.csv"), encoding: .utf8)
        #expect(metrics.hasPrefix("phone,region,zone,metric,kind,count,min,mean,p50,p95,max,unit,opportunities\n"))
        #expect(metrics.contains("alice,store,store,exitLatencyFromLastPacket,latency,1,31.991344,"))
        #expect(metrics.contains("alice,store,store,firstHeardDistance,sample,1,") && metrics.contains(",m,\n"))
        let plan = try String(contentsOf: folder.appendingPathComponent("plan.json"), encoding: .utf8)
        #expect(plan.contains("\"uuid\":\"FDA50693-A4E2-4FB1-AFCF-C6EB07647825\",\"major\":1,\"minor\":1"), "\(plan)")
        #expect(plan.contains("\"sensitivity\":"))
        let claims = try String(contentsOf: folder.appendingPathComponent("claims.json"), encoding: .utf8)
        #expect(claims.contains("\"passed\":true"))
    }
}
