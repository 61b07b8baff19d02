// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import PhoneModel
import SimulationCore
import Testing

/// The hardware-assisted background entry delay lives on its published range (1–15 s; Radius 2015
/// and 2017, behaviour.md §1.2) without piling up at the limits: a log-normal (median 4 s, log-SD
/// 0.67) truncated to [1 s, 15 s], not clamped.
@Suite("Background entry delay distribution")
struct EntryDelayDistributionTests {
    typealias F = Fixtures

    /// The entry delay of a background phone that first hears the region at 10 s, one per seed.
    static func delays(seeds: ClosedRange<UInt64>) -> [Double] {
        seeds.map { seed in
            var monitor = F.monitor(seed: seed)
            _ = monitor.startMonitoring(F.store, at: .zero)
            _ = monitor.effects(until: F.s(5), mode: .background)
            monitor.observe(F.beaconA, at: F.s(10), mode: .background)
            let entry = monitor.effects(until: F.s(100), mode: .background).first { effect in
                if case .transition(_, .inside, _, _) = effect.1 { true } else { false }
            }
            return ((entry?.0 ?? F.s(1000)) - F.s(10)).seconds
        }
    }

    /// The log-normal CDF truncated to [lower, upper].
    static func truncatedCDF(_ x: Double, median: Double, logSD: Double, lower: Double, upper: Double) -> Double {
        func cdf(_ value: Double) -> Double { 0.5 * erfc(-(log(value) - log(median)) / (logSD * 2.0.squareRoot())) }
        return (cdf(min(max(x, lower), upper)) - cdf(lower)) / (cdf(upper) - cdf(lower))
    }

    @Test("200 seeds: no delay sits exactly at 1 s or 15 s, all lie inside, and the shape is the truncated log-normal")
    func livesOnItsRange() {
        let delays = Self.delays(seeds: 1...200)
        #expect(delays.filter { $0 == 1 || $0 == 15 }.isEmpty)
        #expect(delays.allSatisfy { $0 > 1 && $0 < 15 })
        // Kolmogorov–Smirnov against the truncated log-normal: D < 1.63/√n rejects at α = 1 %.
        let sorted = delays.sorted()
        let n = Double(sorted.count)
        let statistic =
            sorted.enumerated().map { index, x in
                let model = Self.truncatedCDF(x, median: 4, logSD: 0.67, lower: 1, upper: 15)
                return max(abs(Double(index + 1) / n - model), abs(Double(index) / n - model))
            }.max() ?? 1
        #expect(statistic < 1.63 / n.squareRoot())
        // The published means are 1–7 s (Radius 2015); the truncated log-normal's is about 4.8 s.
        let mean = delays.reduce(0, +) / n
        #expect(mean > 4 && mean < 5.7)
    }
}
