// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Stochastics
import Testing

@Suite("Non-linear least squares (GSL)")
struct NonlinearLeastSquaresTests {
    /// y = A·exp(−λ·t) + b, the GSL manual's example model, sampled without noise: the solver must
    /// recover the parameters from a poor start.
    @Test("recovers an exponential decay exactly from noise-free data")
    func exponential() throws {
        let times = (0..<40).map { Double($0) * 0.1 }
        let data = times.map { 5 * exp(-1.5 * $0) + 1 }
        let solution = try NonlinearLeastSquares.solve(initial: [1, 0.5, 0], residualCount: times.count) { theta, r in
            for (index, t) in times.enumerated() { r[index] = theta[0] * exp(-theta[1] * t) + theta[2] - data[index] }
        }
        #expect(solution.converged)
        #expect(abs(solution.parameters[0] - 5) < 1e-6)
        #expect(abs(solution.parameters[1] - 1.5) < 1e-6)
        #expect(abs(solution.parameters[2] - 1) < 1e-6)
        #expect(solution.residualSumOfSquares < 1e-12)
    }

    /// A straight line through points with known unit-variance errors: the standard error of the
    /// slope is 1/√Σ(x − x̄)² exactly (ordinary least squares), 1/√(Σ_{k=0}^{9} (k − 4.5)²) = 1/√82.5.
    @Test("the covariance of a linear fit with standardised residuals is the textbook one")
    func covariance() throws {
        let xs = (0..<10).map(Double.init)
        let ys = xs.enumerated().map { 2 + 0.5 * $1 + ($0 % 2 == 0 ? 0.3 : -0.3) }
        let solution = try NonlinearLeastSquares.solve(initial: [0, 0], residualCount: xs.count) { theta, r in
            for (index, x) in xs.enumerated() { r[index] = theta[0] + theta[1] * x - ys[index] }
        }
        #expect(abs(solution.standardErrors[1] - 1 / 82.5.squareRoot()) < 1e-6)
    }

    @Test("too few residuals is an error, not a crash")
    func underdetermined() {
        #expect(throws: NonlinearLeastSquares.Failure.self) {
            try NonlinearLeastSquares.solve(initial: [0, 0, 0], residualCount: 2) { _, _ in }
        }
    }
}
