// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
public import RadioPropagation
public import ScenarioFormat

/// The model's prediction for survey-format rows: for each window (position, device, beacon,
/// window length, optional tx power; the beacon's report share) the probability that it holds a reading and the mean reported
/// RSSI of one that does (`WindowReception`), from a scenario with any fitted fragment laid over it. A
/// row that opens its session (`sample` 1, `SurveyRow.startsScan`) is predicted with the device's
/// scan start-up.
/// `beaconsim predict` writes these; `beaconsim fit` scores itself with the same code.
public struct RowPredictor {
    public let scenario: Scenario
    let propagation: PropagationModel
    let reception: WindowReception
    let body: BodyLossModel
    let beaconIndex: [String: Int]

    /// Throws `ScenarioError` for what the scenario's radio model cannot use.
    public init(scenario: Scenario) throws {
        self.scenario = scenario
        propagation = try RadioSetup(scenario).propagation
        reception = WindowReception(configuration: propagation.configuration)
        body = SurveyGeometry.bodyModel(scenario)
        beaconIndex = Dictionary(scenario.beacons.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The device a row names: its profile in the scenario, or the generic phone (`known` false).
    public func device(named name: String) -> (profile: DeviceProfile, known: Bool) {
        if let profile = DeviceProfile(named: name, in: scenario, configuration: propagation.configuration) {
            return (profile, true)
        }
        return (DeviceProfile(named: nil, in: scenario, configuration: propagation.configuration) ?? .reference, false)
    }

    /// A row's prediction: mean reading and detection probability rounded as `predict` writes them
    /// (0.01 dB, 10⁻⁴), and the spread of single readings (dB, unrounded; fit.json only).
    public struct Prediction: Sendable {
        public var rssiMean: Double?
        public var detection: Double
        public var sampleSD: Double?
    }

    /// The prediction for `row`.
    public func predict(_ row: SurveyRow) -> Prediction {
        guard let index = beaconIndex[row.beacon] else { return Prediction(rssiMean: nil, detection: 0, sampleSD: nil) }
        let beacon = scenario.beacons[index]
        let beaconPoint = SurveyGeometry.planPoint(beacon.position)
        let phone = PlanPoint(x: row.x, y: row.y)
        let walls = propagation.wallIndex(beaconFloor: beacon.floor, phoneFloor: beacon.floor).loss(from: beaconPoint, to: phone)
        let measuredPower = SurveyGeometry.measuredPower(beacon, txPower: row.txPower)
        let mean =
            SurveyGeometry.headings.reduce(0) { total, heading in
                total
                    + propagation.meanPower(
                        measuredPower: measuredPower, beacon: beaconPoint, beaconFloor: beacon.floor, phone: phone,
                        phoneFloor: beacon.floor, heading: heading, body: body, wallLoss: walls, phoneHeight: row.z
                    ).dBm
            } / Double(SurveyGeometry.headings.count)
        let prediction = reception.predict(
            dBm: mean, lineOfSight: walls == 0, device: device(named: row.device).profile,
            windowSeconds: row.windowSeconds, intervalSeconds: Double(beacon.interval) / 1e9,
            reportShare: beacon.reportShare ?? 1, startsScan: row.startsScan)
        return Prediction(
            rssiMean: prediction.meanRSSI.map { Self.round($0, 100) }, detection: Self.round(prediction.detection, 10_000),
            sampleSD: prediction.sampleSD)
    }

    /// The predictions for `rows`, in order: each distinct window geometry (beacon, position,
    /// height, device, tx power, window length, scan start) is predicted once — a survey repeats
    /// its windows at each point (tens of rows per link), and a prediction depends on nothing
    /// else of a row, so the result equals `rows.map(predict)`.
    public func predict(rows: [SurveyRow]) -> [Prediction] {
        var known: [Geometry: Prediction] = [:]
        return rows.map { row in
            let geometry = Geometry(row)
            if let prediction = known[geometry] { return prediction }
            let prediction = predict(row)
            known[geometry] = prediction
            return prediction
        }
    }

    /// What of a row its prediction depends on.
    struct Geometry: Hashable {
        var beacon: String
        var x: Double
        var y: Double
        var z: Double?
        var device: String
        var txPower: Double?
        var windowSeconds: Double
        var startsScan: Bool

        init(_ row: SurveyRow) {
            beacon = row.beacon
            x = row.x
            y = row.y
            z = row.z
            device = row.device
            txPower = row.txPower
            windowSeconds = row.windowSeconds
            startsScan = row.startsScan
        }
    }

    static func round(_ value: Double, _ scale: Double) -> Double { (value * scale).rounded() / scale }
}
