// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// The Rician K-factor of line-of-sight links from the spread of readings within a link, by the
/// method of moments: the pooled variance of single readings about their link's mean, over
/// line-of-sight links heard in at least 80 % of the device's best rate (far from the threshold,
/// where a received packet's fade has the unconditional spread), equals Var(10·log10|h|²) + σ_noise².
/// Var decreases with K (Rayleigh 5.57² dB², K = 7 dB 2.9² dB²; rf.md §6), so K follows by
/// bisection over −10 … 20 dB. nil when no link qualifies.
enum FadingEstimate {
    static func kFactor(links: [SurveyLink], base: RadioConfiguration) -> Double? {
        let best = FitProblem.strongRates(links)
        var squares = 0.0, degrees = 0
        for link in links where link.lineOfSight && link.detected >= 5 {
            let rate = Double(link.detected) / Double(link.windows)
            guard rate >= 0.8 * (best[link.device] ?? 1), let sd = link.observedSD else { continue }
            squares += sd * sd * Double(link.detected - 1)
            degrees += link.detected - 1
        }
        guard degrees >= 20 else { return nil }
        let noise = base.measurementNoiseEnabled ? base.measurementNoiseSigma : 0
        let target = squares / Double(degrees) - noise * noise
        var low = -10.0, high = 20.0
        guard target < fadeVariance(kFactorDB: low, base: base) else { return low }
        guard target > fadeVariance(kFactorDB: high, base: base) else { return high }
        for _ in 0..<30 {
            let middle = (low + high) / 2
            if fadeVariance(kFactorDB: middle, base: base) > target { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// Variance of the fade in dB (far above the threshold every packet gets through), for K in dB.
    static func fadeVariance(kFactorDB: Double, base: RadioConfiguration) -> Double {
        let fades = ReceptionModel.fades(kFactor: _exp(kFactorDB / 10 * 2.302585092994046))
        let mean = fades.reduce(0, +) / Double(fades.count)
        return fades.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(fades.count)
    }
}
