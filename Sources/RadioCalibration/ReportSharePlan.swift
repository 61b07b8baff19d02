// SPDX-License-Identifier: GPL-3.0-or-later

/// Which beacons' report shares (`BeaconSpec.reportShare`) the fit estimates, and how.
///
/// A detection rate is the product c·r·P_radio of the receiving device's scan ceiling c, the
/// beacon's report share r and the radio's reception; the data give only the product c·r. The
/// scale is fixed by the **reference beacon** — the one whose strongest links (the quarter with
/// the highest mean reading) are reported in the largest share of their windows — at r = 1: a
/// device's ceiling is then the share of slots in which it reports the most reliably reported
/// beacon, and every other share is relative to that beacon (r ≤ 1).
///
/// A beacon gets a share of its own when it has at least `minimumWindows` detection windows in
/// links with a reading (where the radio reaches the device at all, so that the share is told
/// apart from the path loss); those with fewer share one pooled value when together they reach
/// the minimum, and otherwise keep 1.
struct ReportSharePlan {
    /// 200 windows: the binomial standard error of a rate near 0.9 is then 0.021, under half the
    /// 0.05 detection error per 2 m bin the fit is held to.
    static let minimumWindows = 200

    /// Beacon indices (into the scenario's beacons) of each role.
    let reference: Int?
    let fitted: [Int]
    let pooled: [Int]
    let kept: [Int]
    /// Detection windows in links with a reading, per beacon.
    let windows: [Int: Int]
    /// Starting shares: each beacon's strong-link rate over the reference's.
    let initial: [Int: Double]

    init(links: [SurveyLink]) {
        var windows: [Int: Int] = [:]
        for link in links where link.detected > 0 { windows[link.beacon, default: 0] += link.detectionWindows }
        let byBeacon = Dictionary(grouping: links.filter { $0.detectionWindows > 0 }, by: \.beacon)
        var rates: [Int: Double] = [:]
        for (beacon, members) in byBeacon { rates[beacon] = FitProblem.strongRate(members) }
        let eligible = windows.keys.filter { (windows[$0] ?? 0) >= Self.minimumWindows }.sorted()
        let reference = eligible.max { (rates[$0] ?? 0, -$0) < (rates[$1] ?? 0, -$1) }
        let small = byBeacon.keys.filter { !eligible.contains($0) }.sorted()
        let poolWindows = small.reduce(0) { $0 + (windows[$1] ?? 0) }
        let pooled = reference != nil && poolWindows >= Self.minimumWindows ? small : []
        self.reference = reference
        fitted = eligible.filter { $0 != reference }
        self.pooled = pooled
        kept = small.filter { !pooled.contains($0) }
        self.windows = windows
        let top = reference.flatMap { rates[$0] } ?? 1
        initial = rates.mapValues { min(0.97, max(0.05, $0 / max(top, 1e-3))) }
    }

    /// A plan with no report shares (every beacon keeps 1).
    init() { self.init(reference: nil, fitted: [], pooled: [], kept: [], windows: [:], initial: [:]) }

    private init(reference: Int?, fitted: [Int], pooled: [Int], kept: [Int], windows: [Int: Int], initial: [Int: Double]) {
        self.reference = reference
        self.fitted = fitted
        self.pooled = pooled
        self.kept = kept
        self.windows = windows
        self.initial = initial
    }

    /// The same plan with fitted beacon `beacon` as the reference (the fit found its share the
    /// largest).
    func with(reference beacon: Int) -> ReportSharePlan {
        let fitted = (self.fitted + (reference.map { [$0] } ?? [])).filter { $0 != beacon }.sorted()
        return ReportSharePlan(
            reference: beacon, fitted: fitted, pooled: pooled, kept: kept, windows: windows, initial: initial)
    }
}
