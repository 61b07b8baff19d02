// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation
import Reporting
import ScenarioFormat

struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Plan a beacon layout that meets a scenario's claims with few beacons.",
        discussion: """
            From a scenario (its venue, zones, walks, phones and `expect:` claims; its beacons give the identities, \
            interval, chip and battery to copy and the hand-made layout to beat): screens candidate mounting points \
            on a grid with the deterministic coverage model, assembles a layout per TX power and coverage target \
            (greedy set cover and local search, seeded), writes each as a scenario file beside the source (<name>-plan-K-<digest>.yaml, named by its contents) and confirms all of them \
            with replicated runs under common random numbers, the hand-made layout first (as `compare`). Chooses \
            the layout meeting every claim with the fewest beacons, then the longest battery life; writes \
            plan.txt, plan.csv (with the Pareto front of beacons × battery years × entry latency) and \
            manifest.json into a new folder under OUT, and the comparison folder. With --shard (or a Slurm array task) it runs one shard of \
            the confirmation; `beaconsim merge` of every shard's folder writes the same plan.
            """)

    @OptionGroup var access: ScenarioAccess

    @Argument(help: "Scenario file (the hand-made layout).")
    var scenario: String

    @Option(parsing: .unconditional, help: "Candidate mounting grid pitch, e.g. 2m (metres).")
    var pitch: String = "2m"

    @Option(
        parsing: .unconditional,
        help: "TX powers allowed, dBm, comma-separated, e.g. -20,-12 (default: those of the scenario's beacons).")
    var txPower: String?

    @Option(
        parsing: .unconditional,
        help:
            "Advertising intervals allowed, comma-separated, e.g. 100ms,1s (each gives layouts of its own; default: each planned beacon keeps the interval of the beacon it copies)."
    )
    var intervals: String?

    @Option(
        parsing: .unconditional,
        help: "Shares of each zone the screening covers, comma-separated (each gives a layout per TX power).")
    var coverageTargets: String = "0.2,0.4,0.6,0.8"

    @Option(
        parsing: .unconditionalSingleValue,
        help: ArgumentHelp("An area where no beacon may be mounted (repeatable).", valueName: "x0,y0,x1,y1"))
    var keepOut: [String] = []

    // Not `check`'s option: a fixed default (20), not the scenario's `replications`.
    @Option(parsing: .unconditional, help: "Replications per layout to confirm with.")
    var replications: Int = 20

    @OptionGroup var seedOption: SeedOption

    @OptionGroup var threadOptions: ThreadOptions

    @OptionGroup var grid: CoverageGridOptions

    @OptionGroup var out: ResultsFolderOption

    @OptionGroup var shardOptions: ShardOptions

    func validate() throws {
        if replications < 1 { throw ValidationError("--replications must be at least 1") }
        _ = try options(seed: 1, scenarioPowers: [0])
    }

    func options(seed: UInt64, scenarioPowers: [Double]) throws -> LayoutPlanner.Options {
        let pitchText = pitch.hasSuffix("m") ? String(pitch.dropLast()) : pitch
        guard let pitchValue = Double(pitchText), pitchValue >= 0.25, pitchValue.isFinite else {
            throw ValidationError("--pitch must be a length of at least 0.25 m, e.g. 2m; found '\(pitch)'")
        }
        let powers = try txPower.map { list in
            try list.split(separator: ",").map { item -> Double in
                guard let value = Double(item.trimmingCharacters(in: .whitespaces)), (-40...20).contains(value) else {
                    throw ValidationError("--tx-power takes dBm values in -40…20, comma-separated; found '\(item)'")
                }
                return value
            }
        }
        let targets = try coverageTargets.split(separator: ",").map { item -> Double in
            guard let value = Double(item.trimmingCharacters(in: .whitespaces)), value > 0, value <= 1 else {
                throw ValidationError("--coverage-targets takes shares in (0, 1], comma-separated; found '\(item)'")
            }
            return value
        }
        let keepOuts = try keepOut.map { text -> [Point2D] in
            let values = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard values.count == 4, values[0] < values[2], values[1] < values[3] else {
                throw ValidationError("--keep-out takes x0,y0,x1,y1 with x0 < x1 and y0 < y1; found '\(text)'")
            }
            return [
                Point2D(x: values[0], y: values[1]), Point2D(x: values[2], y: values[1]),
                Point2D(x: values[2], y: values[3]), Point2D(x: values[0], y: values[3]),
            ]
        }
        // The legacy advertising interval's range, 20 ms … 10.24 s (Core spec Vol 6 Part B §4.4.2.2.1).
        let intervalValues = try intervals.map { list in
            try list.split(separator: ",").map { item -> Int64 in
                let text = item.trimmingCharacters(in: .whitespaces)
                guard let value = DurationText.nanoseconds(text), (20_000_000...10_240_000_000).contains(value) else {
                    throw ValidationError("--intervals takes durations in 20ms…10.24s, comma-separated; found '\(text)'")
                }
                return value
            }
        }
        var distinct: [Double] = []
        for power in powers ?? scenarioPowers where !distinct.contains(power) { distinct.append(power) }
        return LayoutPlanner.Options(
            pitch: pitchValue, txPowers: distinct, targets: targets, keepOuts: keepOuts, seed: seed,
            replications: replications, threads: threadOptions.count, resolution: try grid.pitch(),
            intervals: intervalValues ?? [])
    }

    func run() async throws {
        let source = try ScenarioInput.load(scenario)
        let options = try options(seed: seedOption.seed(for: source), scenarioPowers: source.beacons.map(\.txPower))
        let started = Date()
        let clock = WallClock()
        let shard = try shardOptions.resolvedShard()
        let bar = ProgressBar(label: shard.isWhole ? "plan" : "plan \(shard)")
        if !shard.isWhole {
            let (directory, records, prepared) = try await LayoutPlanner.runShard(
                source, options: options, shard: shard, imports: ScenarioAccess.policy,
                store: out.store, startedAt: started, progress: bar.update)
            bar.finish()
            print(
                "\(source.sourcePath): \(prepared.proposals.count) layouts proposed; shard \(shard): "
                    + "\(records) of \(prepared.layouts.count * options.replications) replications, seed \(options.seed)")
            print("→ \(prepared.paths.joined(separator: ", ")) (the planned scenario files)")
            print("→ \(directory.path)/ (replications.jsonl, manifest.json; `beaconsim merge` of every shard writes the plan)")
            return
        }
        let plan = try await LayoutPlanner.run(
            source, options: options, imports: ScenarioAccess.policy, progress: bar.update)
        bar.finish()
        print(
            "\(source.sourcePath): \(plan.proposals.count) layouts proposed, confirmed with \(options.replications) "
                + "replications each, seed \(options.seed)")
        print(plan.text, terminator: "")
        let (directory, compare) = try plan.write(
            into: out.store, startedAt: started, wallSeconds: clock.seconds)
        print("→ \(plan.confirmed.dropFirst().map(\.path).joined(separator: ", ")) (the planned scenario files)")
        print("→ \(directory.path)/ (plan.txt, plan.csv, manifest.json)")
        print("→ \(compare.path)/ (the comparison; `beaconsim report` draws it)")
        if plan.winner == nil { throw CommandError.claimFailed }
    }
}
