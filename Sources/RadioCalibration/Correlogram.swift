// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation
internal import Stochastics

/// The spatial correlation of the fit's residuals: for every pair of points of the same link
/// (beacon, device, tx power), the product of their residuals against their separation, in 1 m
/// bins up to 12 m, fitted with ρ(Δ) = a·exp(−Δ/d_c) (Gudmundson's exponential, rf.md §6; a < 1
/// because part of each residual is within-point noise) by non-linear least squares weighted by
/// the pairs per bin.
struct Correlogram {
    let residuals: [Double?]
    let links: [SurveyLink]

    /// (d_c, its standard error), or nil when the residuals show no decaying correlation.
    func fit() -> (value: Double, standardError: Double?)? {
        var groups: [String: [(PlanPoint, Double)]] = [:]
        var squares = 0.0, count = 0
        for (index, link) in links.enumerated() {
            guard let residual = residuals[index] else { continue }
            let key = "\(link.beacon)|\(link.device)|\(link.txPower ?? .nan)"
            groups[key, default: []].append((link.position, residual))
            squares += residual * residual
            count += 1
        }
        guard count > 2 else { return nil }
        let variance = squares / Double(count)
        let binCount = 12
        var sums = [Double](repeating: 0, count: binCount), pairs = [Int](repeating: 0, count: binCount)
        for members in groups.values {
            for i in members.indices {
                for j in members.indices where j > i {
                    let separation = (members[i].0 - members[j].0).length
                    let bin = Int(separation)
                    guard bin < binCount else { continue }
                    sums[bin] += members[i].1 * members[j].1
                    pairs[bin] += 1
                }
            }
        }
        let bins = (0..<binCount).filter { pairs[$0] >= 20 }
        guard bins.count >= 3, variance > 0 else { return nil }
        let centres = bins.map { Double($0) + 0.5 }
        let rho = bins.map { sums[$0] / Double(pairs[$0]) / variance }
        let weights = bins.map { Double(pairs[$0]).squareRoot() }
        guard
            let solution = try? NonlinearLeastSquares.solve(
                initial: [max(0.1, rho[0]), _log(5)], residualCount: bins.count,
                residuals: { theta, r in
                    let distance = _exp(theta[1])
                    for index in bins.indices {
                        r[index] = weights[index] * (theta[0] * _exp(-centres[index] / distance) - rho[index])
                    }
                })
        else { return nil }
        let distance = _exp(solution.parameters[1])
        guard solution.parameters[0] > 0, distance.isFinite, distance > 0.2, distance < 200 else { return nil }
        let dof = max(1, bins.count - 2)
        let scale = max(1, solution.residualSumOfSquares / Double(dof))
        let logError = (max(0, solution.covariance[1][1]) * scale).squareRoot()
        return (distance, distance * logError)
    }
}
