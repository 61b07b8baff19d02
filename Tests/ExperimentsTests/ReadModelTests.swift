// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import Foundation
import PhoneModel
import RadioPropagation
import ScenarioFormat
import SimulationCore
import Testing

@testable import BeaconSim
@testable import Experiments
@testable import Reporting

/// The report's read models against what their writers write (round trip: every value the report
/// draws comes back), and a malformed file as a located error naming the file, line and key.
@Suite("read models of the files the program writes")
struct ReadModelTests {
    static func scenario() throws -> Scenario {
        try ScenarioLoader.parse(text: GeneratedScenarioTests.scenario(3), path: "generated.yaml", catalogue: .standard)
    }

    static func close(_ a: Double?, _ b: Double?, within tolerance: Double = 1e-6) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return (a - b).magnitude <= tolerance
    }

    @Test("metrics.json: duration, each (phone, region, zone) and every latency's samples come back")
    func metrics() throws {
        let scenario = try Self.scenario()
        let result = try World(scenario: scenario, seed: 5).run()
        // The run's own metrics, and one entry with samples the writer shortens (a run of equal values).
        var extra = RegionMetrics(phone: "alice", region: "store", zone: "store")
        extra.latencies[.rangingInterval] = SampleSeries([1, 2.5, 2.5, 2.5, 3.123456789])
        extra.counts[.missedEntries] = 2
        extra.opportunities[.missedEntries] = 5
        extra.missedEntryVisits = [
            RegionMetrics.MissedVisit(zoneEntered: .seconds(12.5), zoneExited: .seconds(40)),
            RegionMetrics.MissedVisit(zoneEntered: SimTime(nanoseconds: 61_123_456_789), zoneExited: .seconds(90)),
        ]
        let metrics = MetricsCalculator.compute(scenario: scenario, result: result) + [extra]
        let decoded = try MetricsJSON.decode(
            MetricsWriter.text(scenario: scenario, result: result, metrics: metrics), path: "metrics.json")
        #expect(decoded.durationSeconds == Double(scenario.duration) / 1e9)
        let regions = decoded.regions ?? []
        #expect(regions.count == metrics.count)
        var latencies = 0
        for (entry, expected) in zip(regions, metrics) {
            #expect(entry.phone == expected.phone && entry.region == expected.region && entry.zone == expected.zone)
            for metric in ClaimMetric.allCases where metric.isSample {
                let samples = Array(expected.latencies[metric] ?? [])
                let read = entry.latencies?[metric.rawValue]?.samples ?? []
                #expect(read.count == samples.count, "\(metric)")
                #expect(zip(read, samples).allSatisfy { Self.close($0, $1, within: 1e-9) }, "\(metric)")
                latencies += samples.count
            }
            for metric in ClaimMetric.allCases where !metric.isSample {
                #expect(entry.counts?[metric.rawValue]?.count == expected.counts[metric], "\(metric)")
                #expect(entry.counts?[metric.rawValue]?.opportunities == expected.opportunities[metric], "\(metric)")
            }
        }
        #expect(latencies > 0, "the scenario measures some latency, so the samples are checked")
        #expect(
            regions.last?.counts?["missedEntries"]
                == MetricsJSON.Count(
                    count: 2, opportunities: 5,
                    visits: [
                        MetricsJSON.Visit(zoneEntered: 12.5, zoneExited: 40),
                        MetricsJSON.Visit(zoneEntered: 61.123456789, zoneExited: 90),
                    ]))
    }

    @Test("timeline.jsonl: every record's time, phone, event and fields come back by kind")
    func timeline() throws {
        let scenario = try Self.scenario()
        let trace = try World(scenario: scenario, seed: 5).run().trace
        let beacons = [
            RangedBeacon(
                identity: IBeaconIdentity(
                    uuid: try #require(BeaconUUID(string: GeneratedScenarioTests.uuid)), major: 7, minor: 9),
                rssi: -71, accuracy: 2.5, proximity: .near)
        ]
        let ranging = TraceRecord(
            time: SimTime(nanoseconds: 12_500_000_000), phone: "p", event: .didRangeBeacons(region: "r", beacons: beacons))
        let records = trace + [ranging]
        let lines = try TimelineLine.decode(TimelineWriter.text(records), path: "timeline.jsonl")
        #expect(lines.count == records.count)
        for (line, record) in zip(lines, records) {
            #expect(Self.close(line.t, record.time.seconds, within: 1e-9))
            #expect(line.phone == record.phone && line.event == record.event.name)
            for field in record.event.fields {
                switch field.value {
                case .text(let text): #expect(line.string(field.name) == text)
                case .flag(let flag): #expect(line.flag(field.name) == flag)
                case .time(let time): #expect(Self.close(line.number(field.name), time.seconds, within: 1e-9))
                case .beacons(let beacons): #expect(line.beacons?.count == beacons.count)
                }
            }
        }
        let nearest = try #require(lines.last?.beacons?.first)
        #expect(nearest.uuid == GeneratedScenarioTests.uuid && nearest.major == 7 && nearest.minor == 9)
        #expect(nearest.rssi == -71 && nearest.accuracy == 2.5 && nearest.proximity == "near")
        #expect(lines.contains { !$0.texts.isEmpty }, "the run's records carry text fields")
    }

    @Test("plan.json and track.jsonl: the venue, beacons, phones and each phone's samples come back")
    func planAndTrack() throws {
        let scenario = try Self.scenario()
        let plan = try PlanJSON.decode(TrackWriter.plan(scenario), path: "plan.json")
        #expect(plan.size == [scenario.venue.width, scenario.venue.height])
        #expect((plan.zones ?? []).map(\.name) == scenario.venue.zones.map(\.name))
        #expect((plan.walls ?? []).count == scenario.venue.walls.count)
        #expect((plan.beacons ?? []).map(\.name) == scenario.beacons.map(\.name))
        #expect((plan.phones ?? []).map(\.name) == scenario.phones.map(\.name))
        let names = scenario.beacons.map(\.name)
        let samples = [
            TrackRecorder.Sample(
                phone: 0, time: SimTime(nanoseconds: 1_000_000_000), position: PlanPoint(x: 1.25, y: 2.5), floor: 0,
                heard: [TrackRecorder.Heard(beacon: 0, packets: 3, meanRSSI: -70.25, maxRSSI: -68)]),
            TrackRecorder.Sample(
                phone: 0, time: SimTime(nanoseconds: 2_000_000_000), position: PlanPoint(x: 2, y: 3), floor: 0, heard: []),
        ]
        let track = samples.map { TrackWriter.line($0, phone: "walker", beaconNames: names) + "\n" }.joined()
        let read = try #require(try FloorPlanData(plan: TrackWriter.plan(scenario), track: track))
        #expect(read.width == scenario.venue.width && read.beacons.map(\.name) == names)
        #expect(read.tracks.map(\.phone) == ["walker"])
        #expect(read.tracks[0].times == [1, 2])
        #expect(read.tracks[0].points.map(\.x) == [1.25, 2])
        #expect(read.tracks[0].heard[0].map(\.beacon) == [names[0]])
        #expect(read.tracks[0].heard[0].map(\.rssi) == [-70.3], "the writer rounds to 0.1 dB")
        #expect(read.tracks[0].heard[1].isEmpty)
    }

    @Test("sweep.json: the axes, each point's settings, verdict and claims come back")
    func sweep() throws {
        let scenario = try Self.scenario()
        let grid = SweepGrid(axes: [SweepAxis(path: "phones.*.os", values: ["ios", "android-abl"])])
        let folder = ExperimentFolder(
            kind: .sweep, scenario: scenario, grid: grid, seed: 3, replications: 2, shard: .whole, interrupted: false,
            mergedFrom: 0)
        let points = [CheckJSONTests.outcomes(bound: 4), CheckJSONTests.outcomes(bound: 2)]
        let sweep = try SweepJSON.decode(ExperimentSummary.json(folder: folder, points: points), path: "sweep.json")
        #expect(sweep.axes == [SweepJSON.Axis(path: "phones.*.os", values: ["ios", "android-abl"])])
        #expect((sweep.points ?? []).map { $0.settings?["phones.*.os"] } == ["ios", "android-abl"])
        #expect((sweep.points ?? []).map(\.passed) == points.map { $0.allSatisfy(\.passed) })
        #expect((sweep.points ?? []).map { $0.claims?.map(\.passed) } == points.map { $0.map(\.passed) })
        let series = SweepSeries(sweep)
        #expect(series.axes.map(\.path) == ["phones.*.os"])
        #expect(series.values(of: try #require(sweep.points?.last)) == ["android-abl"])
    }

    @Test("compare.json: the layouts, the verdict rows with their cells and differences, and the samples come back")
    func compare() throws {
        let scenario = try Self.scenario()
        let map = try CoverageMap(scenario: scenario, resolution: 5)
        let layout = { (bound: Double) in
            LayoutComparison.Layout(
                scenario: scenario, beacons: scenario.beacons.count, map: map, coverage: ["room": 0.5],
                runs: CheckJSONTests.runs, outcomes: CheckJSONTests.outcomes(bound: bound), batteries: [])
        }
        let comparison = LayoutComparison(
            seed: 3, replications: 2, resolution: 5, claims: CheckJSONTests.specs(bound: 4), layouts: [layout(4), layout(2)])
        let compare = try CompareJSON.decode(comparison.json, path: "compare.json")
        let layouts = try #require(compare.layouts)
        #expect(layouts.map(\.name) == [scenario.name, scenario.name])
        #expect(layouts.map(\.rank) == comparison.ranks)
        #expect(layouts.map(\.claimsMet) == comparison.layouts.map(\.claimsMet))
        #expect(layouts.allSatisfy { $0.coverage?["room"] == 0.5 && $0.beacons == scenario.beacons.count })
        #expect(layouts.allSatisfy { $0.batteryLifeShortestYears == nil && ($0.maps ?? []).count == map.floors.count })
        let rows = try #require(compare.rows)
        #expect(rows.count == comparison.rows.count && !rows.isEmpty)
        for (row, expected) in zip(rows, comparison.rows) {
            #expect(row.title == expected.title && row.unit == expected.unit)
            #expect((row.cells ?? []).map(\.passed) == expected.cells.map(\.passed))
            #expect(zip(row.cells ?? [], expected.cells).allSatisfy { Self.close($0.value, $1.measured) })
            #expect(row.differences?.first == .some(nil), "no difference of the first layout to itself")
            #expect(row.differences?.count == 2)
        }
        let latency = try #require(compare.latencies?.first)
        #expect(latency.subject == "alice/store" && latency.metric == "rangingInterval")
        #expect(latency.samples == [[1, 2, 3, 4, 5, 9], [1, 2, 3, 4, 5, 9]])
    }

    @Test("manifest.json: the header's facts in order, a seed beyond Int64 as written")
    func manifest() throws {
        let facts = try ManifestFacts.decode(
            #"{"tool":"beaconsim","command":"run","scenario":"s","seed":18446744073709551615,"replications":4,"#
                + #""startedAt":"2026-11-27T10:00:00Z","replication":2,"extra":{"a":[1]}}"#,
            path: "manifest.json")
        #expect(facts.table.map(\.key) == ["command", "seed", "replications", "startedAt"])
        #expect(facts.table.map(\.value.description) == ["run", "18446744073709551615", "4", "2026-11-27T10:00:00Z"])
        #expect(facts.scenario == "s" && facts.replication?.description == "2")
    }

    @Test("a malformed file is an error naming the file (and line) and the key, not a crash or a silent default")
    func malformed() throws {
        let located = { (body: () throws -> Void) -> ExperimentError? in
            do {
                try body()
                return nil
            } catch let error as ExperimentError {
                return error
            } catch {
                return nil
            }
        }
        let metrics = located { _ = try MetricsJSON.decode(#"{"regions":[{"phone":"a"},{"phone":3}]}"#, path: "m.json") }
        #expect(metrics?.location == "m.json")
        #expect(metrics?.message.hasPrefix("not a metrics.json (regions.1.phone: ") == true, "\(String(describing: metrics))")
        let timeline = located {
            _ = try TimelineLine.decode("{\"t\":1,\"event\":\"a\"}\n{\"t\":\"late\",\"event\":\"b\"}\n", path: "t.jsonl")
        }
        #expect(timeline?.location == "t.jsonl:2")
        #expect(timeline?.message.hasPrefix("not a timeline record (t: ") == true, "\(String(describing: timeline))")
        let nested = located { _ = try TimelineLine.decode("{\"t\":1,\"event\":\"a\",\"x\":[1]}\n", path: "t.jsonl") }
        #expect(nested?.message.contains("x: expected text, a flag or a number") == true)
        let missing = located { _ = try TimelineLine.decode("{\"t\":1}\n", path: "t.jsonl") }
        #expect(missing?.location == "t.jsonl:1" && missing?.message.contains("event") == true)
        let truncated = located { _ = try CompareJSON.decode(#"{"layouts":[{"name":"a""#, path: "c.json") }
        #expect(truncated?.location == "c.json" && truncated?.message.hasPrefix("not a compare.json (") == true)
        let sweep = located { _ = try SweepJSON.decode(#"{"points":[{"settings":{"a":1}}]}"#, path: "s.json") }
        #expect(sweep?.message.hasPrefix("not a sweep.json (points.0.settings.a: ") == true, "\(String(describing: sweep))")
        let track = located { _ = try TrackLine.decode("{\"t\":1,\"phone\":\"p\",\"x\":1}\n", path: "track.jsonl") }
        #expect(track?.location == "track.jsonl:1" && track?.message.contains("y") == true)
    }

    @Test("report of a run folder whose metrics.json is malformed: a located error, nothing written")
    func reportOfMalformedFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readmodel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"command":"run","scenario":"s","seed":1}"#.utf8).write(to: folder.appendingPathComponent("manifest.json"))
        try Data("{\"t\":0,\"phone\":\"p\",\"event\":\"didFinishLaunching\"}\n".utf8)
            .write(to: folder.appendingPathComponent("timeline.jsonl"))
        try Data(#"{"durationSeconds":"long"}"#.utf8).write(to: folder.appendingPathComponent("metrics.json"))
        #expect {
            try ReportWriter.write(folder: folder)
        } throws: { error in
            let error = error as? ExperimentError
            return error?.location == folder.appendingPathComponent("metrics.json").path
                && error?.message.hasPrefix("not a metrics.json (durationSeconds: ") == true
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.html").path))
    }
}
