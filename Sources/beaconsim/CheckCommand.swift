// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import BeaconSim
import Foundation
import Reporting
import ScenarioFormat

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run seeded replications of scenarios and evaluate their `expect:` claims.",
        discussion: """
            Prints each file's claims with their measured values and 95 % intervals as soon as that file is done, \
            then `N passed, N failed` (scenario files). Exits 1 when a claim fails, 2 when a file is invalid (the \
            other files still run; --junit records it as a failed test case), 130 after Ctrl-C and 143 after \
            SIGTERM (the finished replications are written either way; a second Ctrl-C stops the running ones at \
            once). With --shard only a slice runs; `beaconsim merge` combines the slices.
            """)

    @Argument(help: "Scenario files.")
    var scenarios: [String]

    @OptionGroup var options: ExperimentOptions

    @Option(help: "Also write JUnit XML here (one test case per claim condition).")
    var junit: String?

    @Option(
        help: ArgumentHelp(
            "Write the timelines and metrics of the replications that broke a failing claim (failing) or of every "
                + "replication (all) beside check.json, in timelines/replication-K/.", valueName: "failing|all"))
    var keepTimelines: String?

    @Option(
        help: ArgumentHelp(
            "Replay this capture (btsnoop, pcap, pcapng) through one phone instead of the synthetic radio, in every "
                + "replication; only claims about that phone are evaluated.", valueName: "file"))
    var capture: String?

    @Option(help: "With --capture: the phone the capture drives (default: the scenario's first).")
    var phone: String?

    func validate() throws {
        if phone != nil, capture == nil { throw ValidationError("--phone goes with --capture") }
        if let keepTimelines, KeepTimelines(rawValue: keepTimelines) == nil || keepTimelines == "none" {
            throw ValidationError("--keep-timelines takes failing or all, not '\(keepTimelines)'")
        }
    }

    func run() async throws {
        let shard = try options.resolvedShard()
        StopSignal.pollingCommand(finishesRunningWork: true)
        var tally = (passed: 0, failed: 0, invalid: 0)
        var interrupted = false
        var interruptStatus: ExitStatus = .interrupted
        var suites: [JUnitReport.Suite] = []
        for path in scenarios where !interrupted {
            let template: ScenarioTemplate
            do {
                template = try ScenarioInput.template(path)
            } catch {
                let message = ExitStatus.describe(error).message ?? "\(error)"
                Console.error(message)
                print("\(path): FAIL (invalid scenario; the errors are on stderr)")
                suites.append(JUnitReport.Suite(name: path, file: path, outcomes: [], seconds: 0, invalid: message))
                tally.invalid += 1
                continue
            }
            let scenario = template.base
            var experiment = Experiment(
                kind: .check, template: template, grid: SweepGrid(axes: []), seed: options.seed ?? scenario.seed,
                replications: options.replications ?? scenario.replications, threads: options.threads, shard: shard,
                store: ResultsStore(root: options.root))
            try options.verifyShardCount(experiment)
            experiment.keepTimelines = keepTimelines.flatMap(KeepTimelines.init(rawValue:)) ?? .none
            if let capture {
                guard shard.isWhole else {
                    throw CommandError("error: --capture runs whole checks only, not shards (merge re-reads the scenario)")
                }
                let replay = try CaptureInput.naming(capture) { try CaptureReplay(path: capture, stop: StopSignal.flag) }
                experiment.capture = Experiment.CaptureSource(capture: replay, phone: phone)
            }
            let outcome = try await experiment.executeInteractively(label: scenario.name, stop: StopSignal.flag)
            interrupted = outcome.folder.interrupted
            interruptStatus = ExitStatus(interruptedWith: outcome.interruptStatus)
            ScenarioInput.catalogue(CatalogueRecording.entry(outcome, root: options.root), root: options.root)
            let facts =
                "\(outcome.recordCount) replications\(shard.isWhole ? "" : " (shard \(shard))"), seed \(experiment.seed), "
                + "\(RunSummary.rounded(outcome.wallSeconds, 2)) s"
            if !shard.isWhole {
                print("\(scenario.sourcePath): \(facts)")
                print("  → \(outcome.directory.path)/replications.jsonl (merge the shards with `beaconsim merge`)")
                continue
            }
            let outcomes = outcome.points.first ?? []
            // An interrupted check is neither: its claims cover only the replications that finished.
            let verdict =
                outcome.folder.interrupted
                ? "INTERRUPTED after \(outcome.recordCount) of \(outcome.folder.itemCount)" : (outcome.passed ? "PASS" : "FAIL")
            print("\(scenario.sourcePath): \(verdict) (\(facts))")
            if outcomes.isEmpty { print("  (no claims under expect:)") }
            let seed = experiment.seed
            let (capture, phone) = (self.capture, self.phone)
            let rerun: ClaimReport.Rerun = { replication, variant in
                guard let capture else {
                    return "beaconsim run \(Self.quoted(scenario.sourcePath)) --seed \(seed) --replication \(replication)"
                        + (variant.map { " --variant \(Self.quoted($0))" } ?? "")
                }
                return "beaconsim replay \(Self.quoted(capture)) --scenario \(Self.quoted(scenario.sourcePath))"
                    + (phone.map { " --phone \(Self.quoted($0))" } ?? "") + " --seed \(seed) --replication \(replication)"
            }
            for line in ClaimReport.lines(outcomes, rerun: rerun) { print("  " + line) }
            for claim in scenario.expect where outcome.folder.scenario.expect.contains(claim) == false {
                print("  SKIP  \(ClaimReport.title(claim))  (about another phone than the capture's)  \(claim.location)")
            }
            print("  → \(outcome.directory.path)/check.json")
            if !outcome.keptReplications.isEmpty {
                print(
                    "  → \(outcome.directory.path)/timelines/ (timelines and metrics of "
                        + "\(Plural.count(outcome.keptReplications.count, "replication")): \(Self.listed(outcome.keptReplications)))"
                )
            }
            var suite = JUnitReport.Suite(
                name: scenario.name, file: scenario.sourcePath, outcomes: outcomes, seconds: outcome.wallSeconds)
            suite.rerun = rerun
            suites.append(suite)
            if outcome.passed { tally.passed += 1 } else { tally.failed += 1 }
        }
        if let junit, shard.isWhole {
            do {
                try ResultFile.replace(URL(fileURLWithPath: junit), with: JUnitReport.xml(suites))
            } catch let error as ResultsError {
                throw CommandError("error: \(junit): cannot write the JUnit file: \(error.message)", cause: error)
            }
        }
        print("\(tally.passed) passed, \(tally.failed + tally.invalid) failed")
        if interrupted {
            throw CommandError("interrupted: results of the finished replications were written", status: interruptStatus)
        }
        if tally.invalid > 0 { throw CommandError(nil) }
        if tally.failed > 0 { throw CommandError.claimFailed }
    }

    /// `0, 3, 7` (at most ten, then `…`).
    static func listed(_ replications: [Int]) -> String {
        replications.prefix(10).map(String.init).joined(separator: ", ") + (replications.count > 10 ? ", …" : "")
    }

    /// `text` quoted for a POSIX shell when it holds anything but safe characters.
    static func quoted(_ text: String) -> String {
        let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+=:,@".contains($0)) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
