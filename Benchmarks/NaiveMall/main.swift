// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

// `naive-mall [SECONDS] [SEED]`: runs the mall-1h workload's naive loop (default one hour, seed 1)
// and prints the spec's JSON line, plus the CPU time of setup and simulation.

func cpuSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let duration = arguments.first ?? 3600
let seed = UInt64(arguments.dropFirst().first ?? 1)
let cpuBefore = cpuSeconds()
let clock = ContinuousClock.now
let outcome = NaiveLoop().run(duration: duration, seed: seed)
let elapsed = ContinuousClock.now - clock
let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let cpu = cpuSeconds() - cpuBefore
let fraction = Double(outcome.received) / Double(max(outcome.packets, 1))
print(
    "{\"packets\":\(outcome.packets),\"received\":\(outcome.received),"
        + "\"received_fraction\":\(String(format: "%.6f", fraction)),\"enters\":\(outcome.enters),"
        + "\"exits\":\(outcome.exits),\"ranging_entries\":\(outcome.rangingEntries),\"checksum\":\(outcome.checksum),"
        + "\"wall_s\":\(String(format: "%.3f", wall)),\"packets_per_s\":\(Int((Double(outcome.packets) / wall).rounded())),"
        + "\"cpu_s\":\(String(format: "%.3f", cpu)),"
        + "\"packets_per_cpu_s\":\(Int((Double(outcome.packets) / cpu).rounded()))}")
