// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Golden snapshots: the timeline, metrics and check JSON of a handful of scenarios, compared byte for
/// byte with `Tests/Snapshots/<case>/`. They pin what the simulator tells a user, so a refactoring that
/// changes any output byte fails here.
///
/// Re-record on purpose (and commit the new files on their own, saying why) with
/// `make snapshots`, i.e. `BEACONSIM_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests`.
@Suite("Golden snapshots")
struct SnapshotTests {
    /// One snapshot case: a CLI invocation whose results folder holds the files to pin.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// CLI arguments before `--out`.
        var arguments: [String]
        /// Files of the results folder to pin.
        var files: [String]

        var testDescription: String { name }
    }

    static let runFiles = ["timeline.jsonl", "metrics.json"]
    /// With the floor plan the report draws (recorded before plan.json was written as bytes).
    static let runFilesWithPlan = runFiles + ["plan.json"]

    static let cases: [Case] = [
        Case(name: "retail-store", arguments: ["run", "Scenarios/retail-store.yaml"], files: runFilesWithPlan),
        Case(
            name: "ios-exit-after-power-off",
            arguments: ["run", "Scenarios/claims/c02-exit-after-power-off.yaml", "--seed", "7"], files: runFiles),
        Case(
            name: "ios-exit-after-power-off-check",
            arguments: ["check", "Scenarios/claims/c02-exit-after-power-off.yaml", "--replications", "20"],
            files: ["check.json"]),
        Case(
            name: "ios-7.0-periodic-scan-check",
            arguments: ["check", "Scenarios/claims/c05-ios70-periodic-scan.yaml", "--replications", "10"],
            files: ["check.json"]),
        Case(
            name: "android-abl-foreground-exit",
            arguments: ["run", "Scenarios/calibration/android-abl-foreground-exit.yaml", "--seed", "3"],
            files: runFiles),
        Case(
            name: "android-abl-foreground-exit-check",
            arguments: ["check", "Scenarios/calibration/android-abl-foreground-exit.yaml", "--replications", "20"],
            files: ["check.json"]),
        // Android 8+ scan jobs: the exit's osDelayDrawn is the scan job's drawn spacing (issue 29).
        Case(
            name: "android-abl8-job-exit",
            arguments: ["run", "Scenarios/calibration/android-abl8-job-exit.yaml", "--seed", "2"], files: runFiles),
        Case(
            name: "android-abl8-job-exit-check",
            arguments: ["check", "Scenarios/calibration/android-abl8-job-exit.yaml", "--replications", "20"],
            files: ["check.json"]),
        // Drawn scan phases (issue 29): iOS 7.0's software background scan and Android 5–7's
        // background cycles running since the start decide when their entries and exits come.
        Case(
            name: "ios-7.0-periodic-scan",
            arguments: ["run", "Scenarios/claims/c05-ios70-periodic-scan.yaml", "--seed", "1"], files: runFiles),
        Case(
            name: "android-abl-background-exit",
            arguments: ["run", "Tests/EndToEndTests/Fixtures/android-abl-background-exit.yaml", "--seed", "1"],
            files: runFiles),
        Case(
            name: "nearby-screen-on-check",
            arguments: ["check", "Scenarios/claims/c59-nearby-screen-on.yaml", "--replications", "10"],
            files: ["check.json"]),
        Case(name: "layout-office", arguments: ["run", "Scenarios/layouts/office.yaml"], files: runFilesWithPlan),
        // One answer per advertising event (no fading, errors or noise), as in the benchmarks: the
        // track's packet counts and RSSI pin every packet the event loop delivers. Recorded with
        // the build before it took a whole event's receptions at once.
        Case(
            name: "whole-event-receptions",
            arguments: ["run", "Tests/EndToEndTests/Fixtures/whole-event-receptions.yaml"],
            files: runFiles + ["track.jsonl"]),
        Case(
            name: "replay-horizon74",
            arguments: [
                "replay", "Tests/HCICaptureTests/Fixtures/horizon74-btsnoop-h4-legacy-ibeacon.log", "--scenario",
                "Tests/EndToEndTests/Fixtures/replay-phone.yaml", "--offset", "20s",
            ],
            files: runFiles),
    ]

    static var recording: Bool { ProcessInfo.processInfo.environment["BEACONSIM_RECORD_SNAPSHOTS"] == "1" }

    /// The one file named `file` below `root` (each case writes one results folder).
    func resultFile(_ file: String, below root: URL) throws -> URL {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent == file { found.append(url) }
        }
        #expect(found.count == 1, "expected one \(file) below \(root.path), found \(found.count)")
        return try #require(found.first)
    }

    @Test("outputs are byte-identical to Tests/Snapshots", arguments: cases)
    func snapshot(_ snapshot: Case) throws {
        let out = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let output = try CLI.run(snapshot.arguments + ["--out", out.path])
        #expect(output.status == 0, "\(output.stderr)")
        let golden = URL(fileURLWithPath: CLI.path("Tests/Snapshots/\(snapshot.name)"))
        for file in snapshot.files {
            let produced = try Data(contentsOf: resultFile(file, below: out))
            let goldenFile = golden.appendingPathComponent(file)
            if Self.recording {
                try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
                try produced.write(to: goldenFile, options: .atomic)
                continue
            }
            let expected = try Data(contentsOf: goldenFile)
            #expect(
                produced == expected,
                "\(snapshot.name)/\(file) differs from the snapshot (\(firstDifference(produced, expected))); re-record with `make snapshots` only if the change is intended"
            )
        }
    }

    /// Where two outputs first differ, as a line number and both lines, for the failure message.
    func firstDifference(_ produced: Data, _ expected: Data) -> String {
        let a = String(decoding: produced, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? String(a[index].prefix(300)) : "<end>"
            let right = index < b.count ? String(b[index].prefix(300)) : "<end>"
            if left != right { return "line \(index + 1): got \(left) expected \(right)" }
        }
        return "same lines"
    }
}
