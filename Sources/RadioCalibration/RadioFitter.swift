// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat
internal import BeaconSim
internal import RadioPropagation
internal import Stochastics

/// Fits a venue's radio parameters to a site survey (`beaconsim fit`).
///
/// The estimates minimise, by GSL's non-linear least squares (`NonlinearLeastSquares`), two kinds
/// of standardised residuals over the links (point, device, tx power, beacon) of the fitting points:
///
///     RSSI:       (mean reading − predicted mean reading) / √(σ² + s²/k)        links with k ≥ 1 readings
///     detection:  (k − n·P) / √(n·P(1 − P) + n²·Var_S(P) + 1)                   every link, n windows
///
/// with the predictions of `WindowReception` (so an undetected window counts as a miss, not as a
/// missing value, and readings near the threshold are known to be biased upwards). Windows of
/// sessions that cannot give detection rates (`DetectionSessions`) enter only the RSSI residuals;
/// the beacons' report shares are laid out by `ReportSharePlan` (a share found above the
/// reference's makes that beacon the reference and the fit is solved again). Between solves (up to eight) the
/// detection residuals' scales are recomputed at the solution and then held fixed (iteratively
/// reweighted, `FitProblem.reweight`), and σ, the
/// shadowing across points, is re-estimated from the RSSI residuals (method of
/// moments, σ² = mean(e² − s²/k)); the decorrelation distance from the residuals' correlogram
/// (pairs of points of one link, ρ(Δ) = a·exp(−Δ/d_c), Gudmundson), by a second least-squares fit.
public enum RadioFitter {
    public struct Options: Sendable {
        public var holdoutFraction: Double
        public var seed: UInt64

        public init(holdoutFraction: Double = 0, seed: UInt64 = 1) {
            self.holdoutFraction = holdoutFraction
            self.seed = seed
        }
    }

    /// A survey too small for the model: which parameters the fit needs and how much to add,
    /// instead of the solver's "residuals < parameters".
    static func checkSize(_ problem: FitProblem, layout: FitLayout, data: SurveyData, scenario: Scenario) throws {
        let (have, need) = (problem.residualCount, layout.count)
        guard have < need else { return }
        let names = layout.names(beacons: scenario.beacons.map(\.name))
        let points = Set(data.links.map(\.point)).count
        throw CalibrationError.fit(
            "the survey is too small for the model: \(have) measurement(s) (\(points) point(s), \(data.devices.count) "
                + "device(s): \(data.devices.joined(separator: ", "))) for \(need) parameters (\(names.joined(separator: ", "))). "
                + "Add at least \(need - have) more: survey more points (each gives one RSSI reading and one detection "
                + "measurement per beacon heard and device), or fewer devices (each device adds its own parameters)")
    }

    public static func fit(scenario: Scenario, rows: [SurveyRow], options: Options = Options()) throws -> RadioFit {
        let points = Array(Set(rows.map(\.point))).sorted()
        let heldOut = Self.heldOut(points, fraction: options.holdoutFraction, seed: options.seed)
        let detection = DetectionSessions(rows: rows)
        let data = try SurveyData(rows: rows, scenario: scenario, detection: detection) { !heldOut.contains($0.point) }
        guard !data.links.isEmpty else { throw CalibrationError.fit("no survey rows left to fit (after the hold-out)") }
        var base = try RadioSetup(scenario).propagation.configuration
        let kFactor = FadingEstimate.kFactor(links: data.links, base: base)
        if let kFactor { base.ricianKFactorDB = kFactor }
        let beyond = data.links.filter { base.breakpointDistance > 0 && $0.distance > base.breakpointDistance }.count
        let layout = FitLayout(
            materials: data.materials, devices: data.devices, fitsFarExponent: beyond * 10 >= data.links.count,
            fitsBeaconHeight: base.beaconHeight == nil && data.links.allSatisfy { $0.height != nil },
            shares: ReportSharePlan(links: data.links), startupWindow: StartupPlan(links: data.links).windows)
        let beaconPoints = scenario.beacons.map { SurveyGeometry.planPoint($0.position) }
        var problem = FitProblem(links: data.links, layout: layout, base: base, beaconPoints: beaconPoints)
        try checkSize(problem, layout: layout, data: data, scenario: scenario)
        var theta = problem.initial(scenario: scenario)
        problem.reweight(theta)
        var solution: NonlinearLeastSquares.Solution?
        for _ in 0..<8 {
            let fitted: NonlinearLeastSquares.Solution
            do {
                fitted = try NonlinearLeastSquares.solve(
                    initial: theta, residualCount: problem.residualCount, maxIterations: 300
                ) { [problem] theta, residuals in problem.residuals(theta, into: &residuals) }
            } catch let failure as NonlinearLeastSquares.Failure {
                throw CalibrationError.fit("the fit failed: \(failure.description)", cause: failure)
            }
            theta = fitted.parameters
            solution = fitted
            if let top = problem.layout.shareAboveReference(theta) {
                // A beacon is reported more often than the reference: it becomes the reference (the
                // same model; every share ≤ 1, the ceilings the share of slots reporting it).
                let moved = problem.layout.with(reference: top)
                theta = problem.layout.transfer(theta, to: moved, reference: top)
                problem.layout = moved
                continue
            }
            let sigma = problem.shadowingEstimate(theta)
            let changed = abs(sigma - problem.sigma) > 0.05
            problem.sigma = sigma
            problem.overdispersion = problem.overdispersionEstimate(theta)
            let reweighted = problem.reweight(theta) > 0.05
            if !changed && !reweighted { break }
        }
        guard let solution else { throw CalibrationError.fit("the solver returned nothing") }
        let dof = max(1, problem.residualCount - problem.layout.count)
        let scale = max(1, solution.residualSumOfSquares / Double(dof))
        let errors = solution.covariance.indices.map { (max(0, solution.covariance[$0][$0]) * scale).squareRoot() }
        let decorrelation = Correlogram(residuals: problem.linkResiduals(theta), links: data.links).fit()
        return RadioFit(
            scenario: scenario, rows: rows, heldOut: heldOut, detection: detection, data: data, layout: problem.layout,
            theta: theta,
            standardErrors: errors, sigma: problem.sigma, overdispersion: problem.overdispersion, decorrelation: decorrelation,
            kFactor: kFactor, base: base,
            iterations: solution.iterations, converged: solution.converged)
    }

    /// round(fraction × points) points, drawn by a seeded shuffle (stream `fit/holdout`).
    static func heldOut(_ points: [String], fraction: Double, seed: UInt64) -> Set<String> {
        guard fraction > 0 else { return [] }
        let random = RandomStream(seed: seed, replication: 0, label: "fit/holdout")
        var shuffled = points
        for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
            shuffled.swapAt(index, random.uniformInt(index + 1))
        }
        let count = min(points.count - 1, Int((fraction * Double(points.count)).rounded()))
        return Set(shuffled.prefix(max(0, count)))
    }
}
