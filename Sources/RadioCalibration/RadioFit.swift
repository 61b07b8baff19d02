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
    /// The fitted settings, devices and report shares, rounded as written (3 decimals; ceilings
    /// and shares 4).
    public let fragment: RadioFragment
    public let iterations: Int
    public let converged: Bool
    /// Scores of the fragment on the fitting points and on the held-out points (nil without a hold-out).
    public let fitScore: FitScore
    public let heldOutScore: FitScore?
    /// The held-out scores of the steady state (the windows that open a session left out) and of
    /// those windows alone (nil without a hold-out, or when the survey has none).
    public let heldOutSteadyScore: FitScore?
    public let heldOutStartupScore: FitScore?
    /// Sessions whose windows count for RSSI only (`DetectionSessions`).
    public let detectionSessions: DetectionSessions
    /// The plain per-(device, tx power) log-distance fit of mean RSSI, scored the same way.
    public let baseline: BaselineScore

    init(
        scenario: Scenario, rows: [SurveyRow], heldOut: Set<String>, detection: DetectionSessions, data: SurveyData,
        layout: FitLayout, theta: [Double],
        standardErrors: [Double], sigma: Double, overdispersion: Double, decorrelation: (value: Double, standardError: Double?)?,
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
        radio.pathLossExponent = round3(_exp(theta[FitLayout.exponent]))
        radio.breakpointDistance = base.breakpointDistance
        if let far = layout.farExponent { radio.farPathLossExponent = round3(_exp(theta[far])) }
        if let height = layout.beaconHeightValue(theta) {
            radio.beaconHeight = round3(height)
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
        let binding = Self.bindingPacketLimits(layout: layout, theta: theta, links: data.links, base: base)
        for device in layout.devices {
            let profile = layout.device(device, theta)
            devices[device] = DeviceSpec(
                reportingOffset: round3(profile.reportingOffset), sensitivity: round3(profile.sensitivity),
                scanCeiling: (profile.scanCeiling * 10_000).rounded() / 10_000,
                packetsPerSlot: binding.contains(device) ? round3(profile.packetsPerSlot) : nil,
                startupDeadTime: layout.fitsStartup(device) ? round3(profile.startupDeadTime) : nil)
        }
        var shares: [String: Double] = [:]
        for beacon in layout.shareIndex.keys {
            shares[scenario.beacons[beacon].name] = (layout.reportShare(beacon, theta) * 10_000).rounded() / 10_000
        }
        fragment = RadioFragment(radio: radio, devices: devices, reportShares: shares)
        detectionSessions = detection
        estimates = FitEstimates.list(
            layout: layout, theta: theta, standardErrors: standardErrors, sigma: sigma, overdispersion: overdispersion,
            decorrelation: decorrelation,
            kFactor: kFactor, base: base, beacons: scenario.beacons.map(\.name), bindingPackets: binding,
            startup: StartupPlan(links: data.links))
        let predictor = try? RowPredictor(scenario: scenario.overlaid(with: fragment))
        let scored = predictor?.predict(rows: rows) ?? []
        let distances = FitScore.distances(rows: rows, scenario: scenario)
        fitScore = FitScore(rows: rows, predictions: scored, distances: distances, detection: detection) {
            !heldOut.contains($0.point)
        }
        heldOutScore =
            heldOut.isEmpty
            ? nil
            : FitScore(rows: rows, predictions: scored, distances: distances, detection: detection) {
                heldOut.contains($0.point)
            }
        let opensSessions = rows.contains { $0.startsScan }
        heldOutSteadyScore =
            heldOut.isEmpty || !opensSessions
            ? nil
            : FitScore(rows: rows, predictions: scored, distances: distances, detection: detection) {
                heldOut.contains($0.point) && !$0.startsScan
            }
        heldOutStartupScore =
            heldOut.isEmpty || !opensSessions
            ? nil
            : FitScore(rows: rows, predictions: scored, distances: distances, detection: detection) {
                heldOut.contains($0.point) && $0.startsScan
            }
        baseline = BaselineScore(rows: rows, distances: distances, heldOut: heldOut, detection: detection)
    }

    /// The devices whose fitted packets per slot limit some survey link below what the channel
    /// gives a continuous scan (by 5 % or more): only those are written; above, the limit is not
    /// identified (any larger value fits as well) and the device keeps no limit.
    static func bindingPacketLimits(layout: FitLayout, theta: [Double], links: [SurveyLink], base: RadioConfiguration)
        -> Set<String>
    {
        let reception = WindowReception(configuration: base)
        var binding = Set<String>()
        for link in links where !binding.contains(link.device) {
            let limit = layout.device(link.device, theta).packetsPerSlot * min(1, link.windowSeconds)
            let channel = reception.independentPackets(
                windowSeconds: link.windowSeconds, intervalSeconds: link.intervalSeconds)
            if limit < 0.95 * max(1, channel) { binding.insert(link.device) }
        }
        return binding
    }
}
