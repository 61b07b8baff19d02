// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("beaconsim sweep")
struct SweepTests {
    let sweepArguments = [
        "sweep", CLI.path("Scenarios/retail-store.yaml"), "--set", "beacons.*.interval=100ms,1s", "--set",
        "phones.alice.os=ios,ios-7.0", "--replications", "3",
    ]

    @Test("--set axes make a grid: one CSV row per point with each claim's value and 95 % interval")
    func grid() throws {
        let out = try CLI.temporaryDirectory()
        let output = try CLI.run(sweepArguments + ["--out", out.path])
        // iOS 7.0 fails the store's claims: a sweep with a failed point exits 1.
        #expect(output.status == 1, "\(output.stderr)")
        let folder = try Experiments.folder(in: out, scenario: "retail-store", containing: "sweep")
        let rows = try Experiments.text(folder, "sweep.csv").split(separator: "\n")
        #expect(rows.count == 5)
        #expect(
            rows[0].hasPrefix(
                "point,beacons.*.interval,beacons.*.interval.unit,phones.alice.os,passed,store.entryLatencyFromFirstPacket.max_s,"
            ))
        #expect(rows[0].contains("store.exitLatencyFromLastPacket.mean_s.ci95_low"))
        #expect(rows[0].contains(",store.missedExits.rate,"))
        #expect(rows[1].hasPrefix("0,0.1,s,ios,"))
        #expect(rows[4].hasPrefix("3,1,s,ios-7.0,"))
        try Tables.expectTidy(try Experiments.text(folder, "sweep.csv"))
        // replications.csv: replications.jsonl flattened, one number per row.
        let flat = try Experiments.text(folder, "replications.csv")
        try Tables.expectTidy(flat)
        #expect(
            flat.hasPrefix(
                "point,beacons.*.interval,beacons.*.interval.unit,phones.alice.os,replication,phone,region,metric,kind,value,unit\n"
            ))
        #expect(flat.contains("\n0,0.1,s,ios,0,alice,store,exitLatencyFromLastPacket,latency,"))
        #expect(flat.contains(",alice,,notifications,count,"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(Experiments.text(folder, "sweep.json").utf8)) as? [String: Any])
        #expect((json["points"] as? [Any])?.count == 4)
        #expect(try Experiments.text(folder, "replications.jsonl").split(separator: "\n").count == 12)
    }

    @Test("a sweep: block in the scenario is the grid; --set replaces an axis of the same path")
    func block() throws {
        let out = try CLI.temporaryDirectory()
        let output = try CLI.run([
            "sweep", CLI.fixture("sweep-block.yaml"), "--set", "radio.shadowingSigma=4dB", "--replications", "2",
            "--out", out.path,
        ])
        #expect(output.status <= 1, "\(output.stderr)")  // a verdict over 2 replications is chance; the point is the grid
        let folder = try Experiments.folder(in: out, scenario: "e2e-sweep", containing: "sweep")
        let rows = try Experiments.text(folder, "sweep.csv").split(separator: "\n")
        #expect(rows.count == 3)
        #expect(
            rows[0].hasPrefix(
                "point,beacons.*.interval,beacons.*.interval.unit,radio.shadowingSigma,radio.shadowingSigma.unit,passed,"
                    + "room.exitLatencyFromZone.mean_s,"))
        #expect(rows[2].hasPrefix("1,1,s,4,dB,"))
    }

    @Test(
        "bad paths and values exit 2 with the setting and a hint",
        arguments: [
            ("beacons.*.intervall=1s", "did you mean 'interval'?"),
            ("beacons.*.interval=fast", "invalid duration 'fast'"),
            ("beacons.tll.txPower=-4", "no beacon named 'tll'; did you mean 'till'?"),
            ("phones.*.os=andriod", "unknown value 'andriod' for 'os'"),
            ("radio.nonsense=1", "'nonsense' cannot be set here"),
            ("seed=3", "'seed' cannot be set here"),
            ("beacons.*.interval", "expected PATH=VALUE"),
        ])
    func badSettings(setting: String, message: String) throws {
        let out = try CLI.temporaryDirectory()
        let output = try CLI.run([
            "sweep", CLI.path("Scenarios/retail-store.yaml"), "--set", setting, "--out", out.path,
        ])
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(output.stderr.contains(setting.split(separator: "=").first.map(String.init) ?? setting))
    }

    @Test("every point uses the same seeds: a one-value axis repeats the check exactly")
    func commonRandomNumbers() throws {
        let out = try CLI.temporaryDirectory()
        let sweep = try CLI.run([
            "sweep", CLI.path("Scenarios/retail-store.yaml"), "--set", "beacons.*.interval=100ms,100ms",
            "--replications", "3",
            "--out", out.path,
        ])
        #expect(sweep.status <= 1, "\(sweep.stderr)")  // claims over 3 replications may fail; the point is the seeds
        let folder = try Experiments.folder(in: out, scenario: "retail-store", containing: "sweep")
        let lines = try Experiments.text(folder, "replications.jsonl").split(separator: "\n")
        let point0 = lines.filter { $0.hasPrefix("{\"point\":0,") }.map { $0.dropFirst(11) }
        let point1 = lines.filter { $0.hasPrefix("{\"point\":1,") }.map { $0.dropFirst(11) }
        #expect(point0 == point1)
        #expect(point0.count == 3)
    }
}
