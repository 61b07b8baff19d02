// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation
internal import ScenarioFormat

/// The residual function of `RadioFitter`: links, parameter layout and the current shadowing σ.
struct FitProblem: Sendable {
    let links: [SurveyLink]
    /// The parameter layout (`RadioFitter` may move the report shares' reference between solves).
    var layout: FitLayout
    let base: RadioConfiguration
    let beaconPoints: [PlanPoint]
    /// Shadowing σ across points, dB (outer iterations update it).
    var sigma: Double {
        didSet { reception = WindowReception(reception: reception.reception.withShadowing(sigma: sigma)) }
    }
    private(set) var reception: WindowReception
    let readingLinks: [Int]
    /// Links with windows that count for detection (`DetectionSessions`).
    let detectionLinks: [Int]
    /// Links with session-opening windows of a device whose start-up is fitted: their start-up
    /// windows get a detection residual of their own, predicted with the scan starting
    /// (`WindowReception`, `startsScan`), and leave the steady-state residual.
    let startupLinks: [Int]
    /// The detection residuals' scales, fixed between solves (`reweight`); empty: computed at θ.
    private(set) var detectionScales: [Double] = []
    /// The same for the start-up residuals (`startupLinks` order).
    private(set) var startupScales: [Double] = []

    init(links: [SurveyLink], layout: FitLayout, base: RadioConfiguration, beaconPoints: [PlanPoint]) {
        self.links = links
        self.layout = layout
        self.base = base
        self.beaconPoints = beaconPoints
        sigma = max(0.5, base.shadowingSigma)
        var configuration = base
        configuration.shadowingSigma = max(0.5, base.shadowingSigma)
        reception = WindowReception(configuration: configuration)
        readingLinks = links.indices.filter { links[$0].detected > 0 }
        detectionLinks = links.indices.filter { links[$0].detectionWindows > 0 }
        startupLinks = links.indices.filter { links[$0].startupWindows > 0 && layout.fitsStartup(links[$0].device) }
    }

    var residualCount: Int { readingLinks.count + detectionLinks.count + startupLinks.count }

    /// The windows and readings of the link's steady-state detection residual.
    func steady(_ link: SurveyLink) -> (windows: Int, readings: Int) {
        link.steady(splitStartup: layout.fitsStartup(link.device))
    }

    /// Extra standard deviation of a link's detection rate beyond the binomial and shadowing
    /// terms: misses come in runs (a scan that stalls, a person passing), so windows are not
    /// independent. Estimated between solves (`overdispersionEstimate`), at least
    /// `minimumOverdispersion`.
    var overdispersion = Self.minimumOverdispersion
    /// 0.05 keeps a link of a hundred windows from outweighing all its readings.
    static let minimumOverdispersion = 0.05

    func configuration(sigma: Double) -> RadioConfiguration {
        var configuration = base
        configuration.shadowingSigma = sigma
        configuration.shadowingEnabled = true
        return configuration
    }

    /// The link budget at θ (reference scale, heading-averaged body loss), dBm.
    func meanPower(_ link: SurveyLink, _ theta: [Double], model: PropagationModel) -> Double {
        var walls = link.fixedWallLoss
        for (position, crossings) in link.crossings.enumerated() where crossings > 0 {
            walls += Double(crossings) * max(0, theta[layout.materialIndex(position)])
        }
        return model.meanPower(
            measuredPower: link.measuredPower, beacon: beaconPoints[link.beacon], phone: link.position,
            heading: PlanPoint(x: 1, y: 0), body: .none, wallLoss: walls, phoneHeight: link.height
        ).dBm - link.bodyLoss
    }

    func model(_ theta: [Double]) -> PropagationModel {
        var configuration = configuration(sigma: sigma)
        configuration.measuredPowerOffset = theta[FitLayout.level]
        configuration.pathLossExponent = _exp(theta[FitLayout.exponent])
        if let far = layout.farExponent { configuration.farPathLossExponent = _exp(theta[far]) }
        configuration.beaconHeight = layout.beaconHeightValue(theta) ?? configuration.beaconHeight
        return PropagationModel(configuration: configuration, walls: [])
    }

    /// The prediction for a link; its mean reading is that of a link of this many windows with at
    /// least one reading (the links whose means the residuals compare).
    /// `startsScan`: the prediction for the link's windows that open a session (start-up).
    func predict(_ link: SurveyLink, _ theta: [Double], model: PropagationModel, startsScan: Bool = false)
        -> WindowReception.Prediction
    {
        reception.predict(
            dBm: meanPower(link, theta, model: model), lineOfSight: link.lineOfSight,
            device: layout.device(link.device, theta), windowSeconds: link.windowSeconds,
            intervalSeconds: link.intervalSeconds, reportShare: layout.reportShare(link.beacon, theta),
            windows: link.windows, startsScan: startsScan)
    }

    func residuals(_ theta: [Double], into residuals: inout [Double]) {
        let model = model(theta)
        var slot = 0
        var detections: [Double] = []
        detections.reserveCapacity(links.count)
        for link in links {
            let prediction = predict(link, theta, model: model)
            if link.detected > 0, let observed = link.observedMean {
                let spread = link.observedSD ?? 4
                let scale = (sigma * sigma + spread * spread / Double(link.detected)).squareRoot()
                residuals[slot] = ((prediction.meanRSSI.map { observed - $0 }) ?? 30) / scale
                slot += 1
            }
            guard link.detectionWindows > 0 else { continue }
            let counts = steady(link)
            let n = Double(counts.windows)
            let scale = detectionScales.isEmpty ? detectionScale(n: n, prediction) : detectionScales[detections.count]
            detections.append((Double(counts.readings) - n * prediction.detection) / scale)
        }
        for (index, value) in detections.enumerated() { residuals[slot + index] = value }
        slot += detections.count
        for (position, index) in startupLinks.enumerated() {
            let link = links[index]
            let prediction = predict(link, theta, model: model, startsScan: true)
            let n = Double(link.startupWindows)
            let scale = startupScales.isEmpty ? detectionScale(n: n, prediction) : startupScales[position]
            residuals[slot + position] = (Double(link.startupReadings) - n * prediction.detection) / scale
        }
    }

    /// Standard deviation of a link's detection count over n windows at prediction P:
    /// √(n·P(1 − P) + n²·(Var_S P + 0.05²) + 1).
    func detectionScale(n: Double, _ prediction: WindowReception.Prediction) -> Double {
        let p = prediction.detection
        let spread = prediction.detectionSpread * prediction.detectionSpread + overdispersion * overdispersion
        return (n * p * (1 - p) + n * n * spread + 1).squareRoot()
    }

    /// Fixes the detection residuals' scales at θ (`detectionLinks` order) for the next solve:
    /// iteratively reweighted, because a scale that moved with θ within a solve would let the
    /// solver lower the penalty by predicting noisier links (a sensitivity raised until links sit
    /// on the slope of the reception curve, where Var_S P is largest). Returns the largest relative
    /// change of a scale.
    @discardableResult
    mutating func reweight(_ theta: [Double]) -> Double {
        let model = model(theta)
        let scales = detectionLinks.map { index in
            detectionScale(n: Double(steady(links[index]).windows), predict(links[index], theta, model: model))
        }
        let startup = startupLinks.map { index in
            detectionScale(
                n: Double(links[index].startupWindows), predict(links[index], theta, model: model, startsScan: true))
        }
        let change =
            zip(scales + startup, detectionScales + startupScales).map { abs($0 - $1) / max($1, 1e-9) }.max() ?? .infinity
        detectionScales = scales
        startupScales = startup
        return change
    }

    /// Observed minus predicted mean reading per link (nil without readings).
    func linkResiduals(_ theta: [Double]) -> [Double?] {
        let model = model(theta)
        return links.map { link in
            guard let observed = link.observedMean, let predicted = predict(link, theta, model: model).meanRSSI else {
                return nil
            }
            return observed - predicted
        }
    }

    /// The overdispersion φ by the method of moments on the detection residuals:
    /// φ² = Σ[(k − nP)² − nP(1 − P) − n²·Var_S P] / Σ n² (at least `minimumOverdispersion`).
    func overdispersionEstimate(_ theta: [Double]) -> Double {
        let model = model(theta)
        var excess = 0.0, weight = 0.0
        for index in detectionLinks {
            let link = links[index], prediction = predict(link, theta, model: model), counts = steady(link)
            let n = Double(counts.windows), p = prediction.detection
            let error = Double(counts.readings) - n * p
            excess += error * error - n * p * (1 - p) - n * n * prediction.detectionSpread * prediction.detectionSpread
            weight += n * n
        }
        guard weight > 0 else { return overdispersion }
        return max(Self.minimumOverdispersion, (max(0, excess) / weight).squareRoot())
    }

    /// σ² = mean(e² − s²/k) over links with two readings or more (at least 0.5 dB).
    func shadowingEstimate(_ theta: [Double]) -> Double {
        let residuals = linkResiduals(theta)
        var total = 0.0, count = 0
        for (index, link) in links.enumerated() where link.detected >= 2 {
            guard let residual = residuals[index], let spread = link.observedSD else { continue }
            total += residual * residual - spread * spread / Double(link.detected)
            count += 1
        }
        guard count > 0 else { return sigma }
        return max(0.5, (max(0, total) / Double(count)).squareRoot())
    }

    /// A starting point: the scenario's figures, the level and free offsets from the readings of
    /// links detected in half their windows or more, ceilings from the best-heard links (of the
    /// reference beacon, when report shares are fitted), shares from their strong-link rates.
    func initial(scenario: Scenario) -> [Double] {
        var theta = Array(repeating: 0.0, count: layout.count)
        theta[FitLayout.exponent] = _log(max(0.1, base.pathLossExponent))
        if let far = layout.farExponent { theta[far] = _log(max(0.1, base.farPathLossExponent)) }
        if let height = layout.beaconHeight { theta[height] = _log(2.5) }
        for (position, material) in layout.materials.enumerated() {
            theta[layout.materialIndex(position)] = SurveyGeometry.materialLoss(material, scenario: scenario)
        }
        let model = model(theta)
        var gap: [String: (sum: Double, count: Int)] = [:]
        let reference = layout.shares.reference
        let best = Self.strongRates(reference.map { beacon in links.filter { $0.beacon == beacon } } ?? links)
        for link in links {
            guard let observed = link.observedMean, link.detected * 2 >= link.windows else { continue }
            let fixed = layout.anchors[link.device] ?? 0
            let entry = gap[link.device] ?? (0, 0)
            gap[link.device] = (entry.sum + observed - meanPower(link, theta, model: model) - fixed, entry.count + 1)
        }
        let mean = { (device: String) in gap[device].map { $0.sum / Double(max(1, $0.count)) } ?? 0 }
        let anchored = layout.devices.filter { layout.anchors[$0] != nil }
        let level = anchored.isEmpty ? 0 : anchored.map(mean).reduce(0, +) / Double(anchored.count)
        theta[FitLayout.level] = level
        for device in layout.devices {
            if let index = layout.offsetIndex[device] { theta[index] = mean(device) - level }
            if let index = layout.sensitivityIndex[device] { theta[index] = base.sensitivity + level }
            if let index = layout.ceilingIndex[device] { theta[index] = FitLayout.logit(min(0.97, best[device] ?? 0.9)) }
            // k = 3: binding for the surveys' windows (a gradient to follow either way).
            if let index = layout.packetsIndex[device] { theta[index] = _log(2) }
        }
        let shares = layout.shares
        for beacon in shares.fitted {
            if let index = layout.shareIndex[beacon] { theta[index] = _log(shares.initial[beacon] ?? 0.9) }
        }
        if let first = shares.pooled.first, let index = layout.shareIndex[first] {
            let values = shares.pooled.compactMap { shares.initial[$0] }
            theta[index] = _log(values.isEmpty ? 0.9 : values.reduce(0, +) / Double(values.count))
        }
        for (device, index) in layout.startupIndex {
            theta[index] = FitLayout.logit(StartupPlan.initialShare(device: device, links: links))
        }
        return theta
    }

    /// Per device, the detection rate of its strongest links (`strongRate`): where the radio hears
    /// nearly every packet, what is left is the scan ceiling (times the beacons' report shares).
    static func strongRates(_ links: [SurveyLink]) -> [String: Double] {
        var rates: [String: Double] = [:]
        for (device, members) in Dictionary(grouping: links, by: \.device) {
            if let rate = strongRate(members) { rates[device] = rate }
        }
        return rates
    }

    /// The detection rate of the quarter of `links` with the highest mean reading, over the
    /// windows that count for detection; nil when no link has both.
    static func strongRate(_ links: [SurveyLink]) -> Double? {
        let usable = links.filter { $0.observedMean != nil && $0.detectionWindows > 0 }
        guard !usable.isEmpty else { return nil }
        let sorted = usable.sorted { ($0.observedMean ?? 0) > ($1.observedMean ?? 0) }
        let strong = sorted.prefix(max(1, sorted.count / 4))
        let windows = strong.reduce(0) { $0 + $1.detectionWindows }
        return Double(strong.reduce(0) { $0 + $1.detectionReadings }) / Double(max(1, windows))
    }
}
