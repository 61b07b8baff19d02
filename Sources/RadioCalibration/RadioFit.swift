// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat
internal import RadioPropagation

/// The outcome of `RadioFitter.fit`: the estimates with standard errors, the scenario fragment that
/// carries them (rounded as written to radio.yaml), and the scores of that fragment on the fitting
/// and held-out points, beside the plain log-distance baseline.
public struct RadioFit {
    /// One estimate, for fit.json.
    public struct Estimate: Sendable {
        public var name: String
        public var value: Double
        /// nil when the value was held fixed (an anchor, or not estimable).
        public var standardError: Double?
        public var note: String?
    }

    public let scenario: Scenario
    public let heldOutPoints: Set<String>
    public let fitPoints: Set<String>
    public let estimates: [Estimate]
    /// The fitted settings and devices, rounded as written (3 decimals; ceilings 4).
    public let fragment: RadioFragment
    public let iterations: Int
    public let converged: Bool
    /// Scores of the fragment on the fitting points and on the held-out points (nil without a hold-out).
    public let fitScore: FitScore
    public let heldOutScore: FitScore?
    /// The plain per-(device, tx power) log-distance fit of mean RSSI, scored the same way.
    public let baseline: BaselineScore

    init(
        scenario: Scenario, rows: [SurveyRow], heldOut: Set<String>, data: SurveyData, layout: FitLayout, theta: [Double],
        standardErrors: [Double], sigma: Double, decorrelation: (value: Double, standardError: Double?)?,
        kFactor: Double?, base: RadioConfiguration, iterations: Int, converged: Bool
    ) {
        self.scenario = scenario
        heldOutPoints = heldOut
        fitPoints = Set(rows.map(\.point)).subtracting(heldOut)
        self.iterations = iterations
        self.converged = converged
        let round3 = { (value: Double) in (value * 1000).rounded() / 1000 }
        var radio = RadioSpec()
        radio.measuredPowerOffset = round3(theta[FitLayout.level])
        radio.pathLossExponent = round3(theta[FitLayout.exponent])
        radio.breakpointDistance = base.breakpointDistance
        if let far = layout.farExponent { radio.farPathLossExponent = round3(theta[far]) }
        if let height = layout.beaconHeight {
            radio.beaconHeight = round3(max(0, theta[height]))
            let heights = data.links.compactMap(\.height)
            radio.phoneHeight = round3(heights.reduce(0, +) / Double(max(1, heights.count)))
        }
        radio.shadowingSigma = round3(sigma)
        radio.decorrelationDistance = round3(decorrelation?.value ?? base.decorrelationDistance)
        radio.ricianKFactor = round3(base.ricianKFactorDB)
        for (position, material) in layout.materials.enumerated() {
            radio.materials[material] = round3(max(0, theta[layout.materialIndex(position)]))
        }
        var devices: [String: DeviceSpec] = [:]
        for device in layout.devices {
            let profile = layout.device(device, theta)
            devices[device] = DeviceSpec(
                reportingOffset: round3(profile.reportingOffset), sensitivity: round3(profile.sensitivity),
                scanCeiling: (profile.scanCeiling * 10_000).rounded() / 10_000)
        }
        fragment = RadioFragment(radio: radio, devices: devices)
        var estimates: [Estimate] = []
        for (index, name) in layout.names.enumerated() {
            var value = theta[index], error: Double? = standardErrors[index]
            if layout.ceilingIndex.values.contains(index) {
                let c = FitLayout.ceiling(theta[index])
                value = c
                error = error.map { $0 * c * (1 - c) }  // delta method through the logit
            }
            estimates.append(Estimate(name: name, value: value, standardError: error, note: nil))
        }
        for (device, offset) in layout.anchors.sorted(by: { $0.key < $1.key }) {
            estimates.append(
                Estimate(
                    name: "devices.\(device).reportingOffset", value: offset, standardError: nil,
                    note: DeviceCatalogue.profiles[device] != nil
                        ? "fixed at the built-in profile's value: the 1 m level is estimated against it"
                        : "fixed at 0: no surveyed device has a built-in profile, so the 1 m level carries this one's offset"))
        }
        estimates.append(
            Estimate(
                name: "shadowingSigma", value: sigma, standardError: nil,
                note: "method of moments on the RSSI residuals: σ² = mean(e² − s²/k)"))
        estimates.append(
            Estimate(
                name: "decorrelationDistance", value: decorrelation?.value ?? base.decorrelationDistance,
                standardError: decorrelation?.standardError,
                note: decorrelation == nil
                    ? "the residuals show no decaying correlation; the preset's value is kept"
                    : "ρ(Δ) = a·exp(−Δ/d_c) fitted to the residuals' correlogram"))
        estimates.append(
            Estimate(
                name: "ricianKFactor", value: base.ricianKFactorDB, standardError: nil,
                note: kFactor == nil
                    ? "no line-of-sight link heard often enough to measure the spread; the preset's value is kept"
                    : "method of moments on the spread of readings within strong line-of-sight links"))
        if !layout.fitsFarExponent, base.breakpointDistance > 0 {
            estimates.append(
                Estimate(
                    name: "farPathLossExponent", value: base.farPathLossExponent, standardError: nil,
                    note: "fewer than a tenth of the links lie beyond the \(base.breakpointDistance) m breakpoint; kept"))
        }
        self.estimates = estimates
        let predictor = try? RowPredictor(scenario: scenario.overlaid(with: fragment))
        let scored = predictor.map { predictor in rows.map { predictor.predict($0) } } ?? []
        let distances = FitScore.distances(rows: rows, scenario: scenario)
        fitScore = FitScore(rows: rows, predictions: scored, distances: distances) { !heldOut.contains($0.point) }
        heldOutScore =
            heldOut.isEmpty
            ? nil : FitScore(rows: rows, predictions: scored, distances: distances) { heldOut.contains($0.point) }
        baseline = BaselineScore(rows: rows, distances: distances, heldOut: heldOut)
    }
}
