// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// The list of estimates fit.json reports: every fitted number at its value with its standard
/// error (logits as the share itself, by the delta method), then the numbers held fixed or
/// estimated outside the least squares, each with a note saying how.
enum FitEstimates {
    static func list(
        layout: FitLayout, theta: [Double], standardErrors: [Double], sigma: Double, overdispersion: Double,
        decorrelation: (value: Double, standardError: Double?)?, kFactor: Double?, base: RadioConfiguration,
        beacons: [String], bindingPackets: Set<String>, startup: StartupPlan
    ) -> [RadioFit.Estimate] {
        var estimates: [RadioFit.Estimate] = []
        let names = layout.names(beacons: beacons)
        for (index, name) in names.enumerated() where !layout.shareIndex.values.contains(index) {
            var estimate = Self.estimate(name, index: index, layout: layout, theta: theta, errors: standardErrors)
            if let device = layout.packetsIndex.first(where: { $0.value == index })?.key {
                estimate.note =
                    bindingPackets.contains(device)
                    ? "binding: the scan takes fewer independent packets per slot than the channel gives (a duty-cycled scan)"
                    : "not binding (the channel gives no more): not identified, the device keeps no limit in radio.yaml"
            }
            if let device = layout.startupIndex.first(where: { $0.value == index })?.key {
                estimate.note =
                    "scan start-up: the device delivers nothing for this long after its scan starts; fitted to the "
                    + "windows that open a session (sample 1) apart from the others, so the scan ceiling is the "
                    + "steady state's (at most the \(layout.startupWindow[device] ?? 0) s of those windows)"
            }
            estimates.append(estimate)
        }
        for (device, count) in startup.counts.sorted(by: { $0.key < $1.key }) where layout.startupIndex[device] == nil {
            estimates.append(
                RadioFit.Estimate(
                    name: "devices.\(device).startupDeadTime", value: 0, standardError: nil,
                    note: "not fitted: \(count) windows that open a session in links with a reading, fewer than "
                        + "\(StartupPlan.minimumWindows); no start-up in radio.yaml"))
        }
        estimates += reportShares(layout: layout, theta: theta, standardErrors: standardErrors, beacons: beacons)
        for (device, offset) in layout.anchors.sorted(by: { $0.key < $1.key }) {
            estimates.append(
                RadioFit.Estimate(
                    name: "devices.\(device).reportingOffset", value: offset, standardError: nil,
                    note: DeviceCatalogue.profiles[device] != nil
                        ? "fixed at the built-in profile's value: the 1 m level is estimated against it"
                        : "fixed at 0: no surveyed device has a built-in profile, so the 1 m level carries this one's offset"))
        }
        estimates.append(
            RadioFit.Estimate(
                name: "shadowingSigma", value: sigma, standardError: nil,
                note: "method of moments on the RSSI residuals: σ² = mean(e² − s²/k)"))
        estimates.append(
            RadioFit.Estimate(
                name: "detectionOverdispersion", value: overdispersion, standardError: nil,
                note: "extra SD of a link's detection rate (misses in runs), method of moments on the detection "
                    + "residuals: φ² = Σ[(k − nP)² − nP(1 − P) − n²·Var_S P] / Σn², at least 0.05"))
        estimates.append(
            RadioFit.Estimate(
                name: "decorrelationDistance", value: decorrelation?.value ?? base.decorrelationDistance,
                standardError: decorrelation?.standardError,
                note: decorrelation == nil
                    ? "the residuals show no decaying correlation; the preset's value is kept"
                    : "ρ(Δ) = a·exp(−Δ/d_c) fitted to the residuals' correlogram"))
        estimates.append(
            RadioFit.Estimate(
                name: "ricianKFactor", value: base.ricianKFactorDB, standardError: nil,
                note: kFactor == nil
                    ? "no line-of-sight link heard often enough to measure the spread; the preset's value is kept"
                    : "method of moments on the spread of readings within strong line-of-sight links"))
        if !layout.fitsFarExponent, base.breakpointDistance > 0 {
            estimates.append(
                RadioFit.Estimate(
                    name: "farPathLossExponent", value: base.farPathLossExponent, standardError: nil,
                    note: "fewer than a tenth of the links lie beyond the \(base.breakpointDistance) m breakpoint; kept"))
        }
        return estimates
    }

    /// θ[index] under `name`; a logit as its share, its standard error through c·(1 − c).
    static func estimate(_ name: String, index: Int, layout: FitLayout, theta: [Double], errors: [Double])
        -> RadioFit.Estimate
    {
        if layout.packetsIndex.values.contains(index) {  // k = 1 + e^u: SE(k) = (k − 1)·SE(u)
            let excess = _exp(theta[index])
            return RadioFit.Estimate(name: name, value: 1 + excess, standardError: errors[index] * excess, note: nil)
        }
        if let device = layout.startupIndex.first(where: { $0.value == index })?.key {  // d = w·c, c = 1 / (1 + e^−u)
            let window = layout.startupWindow[device] ?? 1, c = 1 / (1 + _exp(-theta[index]))
            return RadioFit.Estimate(
                name: name, value: window * c, standardError: errors[index] * window * c * (1 - c), note: nil)
        }
        if layout.isLog(index) {  // held as its logarithm: SE(x) = x·SE(log x)
            let value = _exp(theta[index])
            return RadioFit.Estimate(name: name, value: value, standardError: errors[index] * value, note: nil)
        }
        guard layout.isLogit(index) else {
            return RadioFit.Estimate(name: name, value: theta[index], standardError: errors[index], note: nil)
        }
        let c = FitLayout.ceiling(theta[index])
        return RadioFit.Estimate(name: name, value: c, standardError: errors[index] * c * (1 - c), note: nil)
    }

    /// One estimate per beacon with survey links: its share, how it was found (`ReportSharePlan`).
    static func reportShares(layout: FitLayout, theta: [Double], standardErrors: [Double], beacons: [String])
        -> [RadioFit.Estimate]
    {
        let plan = layout.shares
        var estimates: [RadioFit.Estimate] = []
        let minimum = ReportSharePlan.minimumWindows
        for beacon in (plan.reference.map { [$0] } ?? []) + plan.fitted + plan.pooled + plan.kept {
            let name = "reportShares.\(beacons[beacon])", windows = plan.windows[beacon] ?? 0
            var estimate: RadioFit.Estimate
            if let index = layout.shareIndex[beacon] {
                estimate = Self.estimate(name, index: index, layout: layout, theta: theta, errors: standardErrors)
            } else {
                estimate = RadioFit.Estimate(name: name, value: 1, standardError: nil, note: nil)
            }
            if beacon == plan.reference {
                estimate.note =
                    "fixed at 1: the reference beacon (its strongest links are reported in the largest share of their "
                    + "windows); the devices' scan ceilings are the share of slots in which they report it"
            } else if plan.pooled.contains(beacon) {
                estimate.note =
                    "pooled: \(windows) windows of its own, fewer than \(minimum); one share for "
                    + plan.pooled.map { beacons[$0] }.joined(separator: ", ")
            } else if plan.kept.contains(beacon) {
                estimate.note = "kept at 1: \(windows) windows, fewer than \(minimum) alone or pooled"
            } else {
                estimate.note = "relative to the reference beacon; \(windows) windows in links with a reading"
            }
            estimates.append(estimate)
        }
        return estimates
    }
}
