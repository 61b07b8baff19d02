// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import BeaconSim
import Foundation
import Reporting
import ScenarioFormat
import Sessions

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time one replication of a scenario: simulated packets per wall-second and peak memory.",
        discussion: "Writes no results. Used by `make bench` on Scenarios/bench/mall-1h.yaml (build in release mode).")

    @OptionGroup var access: ScenarioAccess

    @Argument(help: "Scenario file.")
    var scenario: String

    @OptionGroup var seedOption: SeedOption

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Time the reference loop (event by event, every link evaluated) instead of the fast one.")
    var referenceLoop = false

    func run() throws {
        let scenario = try ScenarioInput.load(self.scenario)
        let cpuBefore = Self.cpuSeconds()
        let clock = ContinuousClock.now
        let (result, callbacks) = try BenchRun.run(
            scenario, seed: seedOption.seed(for: scenario), mode: referenceLoop ? .reference : .fast)
        let elapsed = ContinuousClock.now - clock
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let cpu = Self.cpuSeconds() - cpuBefore
        let peakMiB = Self.peakMemoryMiB()
        let perSecond = Double(result.packetsSent) / wall
        let fraction = result.packetsSent > 0 ? Double(result.packetsReceived) / Double(result.packetsSent) : 0
        if json {
            print(
                JSONText.object([
                    ("scenario", JSONText.string(scenario.name)), ("packets", String(result.packetsSent)),
                    ("received", String(result.packetsReceived)), ("receivedFraction", JSONText.number(fraction, decimals: 6)),
                    ("events", String(result.eventsHandled)), ("callbacks", String(callbacks)),
                    ("linkEvaluations", String(result.linkEvaluations)),
                    ("wallSeconds", JSONText.number(wall, decimals: 3)),
                    ("packetsPerSecond", JSONText.number(perSecond.rounded())),
                    ("cpuSeconds", JSONText.number(cpu, decimals: 3)),
                    ("packetsPerCPUSecond", JSONText.number((Double(result.packetsSent) / cpu).rounded())),
                    ("peakMemoryMiB", JSONText.number(peakMiB, decimals: 1)),
                ]))
        } else {
            print(
                "\(scenario.name): \(result.packetsSent) packets (\(RunSummary.rounded(100 * fraction, 2)) % received), "
                    + "\(result.eventsHandled) events, \(result.linkEvaluations) link evaluations, \(callbacks) callbacks")
            print("wall time \(RunSummary.rounded(wall, 3)) s → \(Int(perSecond.rounded())) simulated packets per wall-second")
            print(
                "CPU time \(RunSummary.rounded(cpu, 3)) s → \(Int((Double(result.packetsSent) / cpu).rounded())) simulated packets per CPU-second"
            )
            print("peak memory \(RunSummary.rounded(peakMiB, 1)) MiB")
        }
    }

    /// This process's peak resident memory, MiB. On Linux the high-water mark of its own image
    /// (`VmHWM`): `getrusage`'s `ru_maxrss` keeps the larger of the image before and after `exec`,
    /// so a process started with `vfork` (Python's `posix_spawn`, a shell's) would report its
    /// parent's memory when that was larger.
    static func peakMemoryMiB() -> Double {
        var usage = rusage()
        #if os(Linux)
            if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
            {
                return kilobytes / 1024
            }
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
        #else
            getrusage(RUSAGE_SELF, &usage)
            return Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
        #endif
    }

    /// User plus system CPU time of this process so far, seconds (less sensitive than wall time to
    /// other work on the machine).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
