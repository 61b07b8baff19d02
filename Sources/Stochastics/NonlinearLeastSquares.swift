// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGSL

/// Non-linear least squares: minimises ½·Σ r_i(θ)² over θ with GSL's trust-region solver
/// (`gsl_multifit_nlinear`, Levenberg–Marquardt, forward-difference Jacobian), and gives the
/// parameters' covariance (JᵀJ)⁻¹ at the solution (`gsl_multifit_nlinear_covar`).
///
/// When the residuals are standardised (divided by their standard deviations) the covariance is
/// that of the estimates; otherwise scale it by `residualSumOfSquares / (n − p)`.
public enum NonlinearLeastSquares {
    public struct Solution: Sendable {
        public var parameters: [Double]
        /// p × p, row-major rows.
        public var covariance: [[Double]]
        /// Σ r_i² at the solution.
        public var residualSumOfSquares: Double
        public var iterations: Int
        /// Whether a tolerance test stopped the solver (rather than the iteration limit).
        public var converged: Bool

        /// √(covariance[i][i]), the standard errors.
        public var standardErrors: [Double] { covariance.indices.map { max(0, covariance[$0][$0]).squareRoot() } }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Solves from `initial` with `residualCount` residuals written by `residuals(θ, &r)`.
    /// Non-finite residuals are replaced by 10⁶ so that the solver backs off from such θ.
    public static func solve(
        initial: [Double], residualCount: Int, maxIterations: Int = 200, tolerance: Double = 1e-8,
        residuals: @escaping ([Double], inout [Double]) -> Void
    ) throws -> Solution {
        _ = GSLRuntime.prepared
        let p = initial.count, n = residualCount
        guard p > 0, n >= p else {
            throw Failure(description: "needs at least as many residuals (\(n)) as parameters (\(p))")
        }
        let box = Unmanaged.passRetained(Problem(residuals: residuals, count: n, parameters: p))
        defer { box.release() }
        var fdf = gsl_multifit_nlinear_fdf()
        fdf.f = { x, params, f in
            guard let x, let params, let f else { return Int32(GSL_EINVAL) }
            let problem = Unmanaged<Problem>.fromOpaque(params).takeUnretainedValue()
            let theta = (0..<problem.parameters).map { gsl_vector_get(x, $0) }
            var values = [Double](repeating: 0, count: problem.count)
            problem.residuals(theta, &values)
            for (index, value) in values.enumerated() { gsl_vector_set(f, index, value.isFinite ? value : 1e6) }
            return Int32(GSL_SUCCESS)
        }
        fdf.df = nil
        fdf.fvv = nil
        fdf.n = n
        fdf.p = p
        fdf.params = box.toOpaque()
        var settings = gsl_multifit_nlinear_default_parameters()
        guard let workspace = gsl_multifit_nlinear_alloc(cgsl_multifit_nlinear_trust(), &settings, n, p) else {
            throw Failure(description: "GSL could not allocate a \(n) × \(p) problem")
        }
        defer { gsl_multifit_nlinear_free(workspace) }
        let start = gsl_vector_alloc(p)
        defer { gsl_vector_free(start) }
        for (index, value) in initial.enumerated() { gsl_vector_set(start, index, value) }
        var status = gsl_multifit_nlinear_init(start, &fdf, workspace)
        guard status == Int32(GSL_SUCCESS) else {
            throw Failure(description: "GSL init failed: \(String(cString: gsl_strerror(status)))")
        }
        var info: Int32 = 0
        status = gsl_multifit_nlinear_driver(maxIterations, tolerance, tolerance, 0, nil, nil, &info, workspace)
        guard status == Int32(GSL_SUCCESS) || status == Int32(GSL_EMAXITER) else {
            throw Failure(description: "GSL solver failed: \(String(cString: gsl_strerror(status)))")
        }
        let position = gsl_multifit_nlinear_position(workspace)
        let residual = gsl_multifit_nlinear_residual(workspace)
        let covariance = gsl_matrix_alloc(p, p)
        defer { gsl_matrix_free(covariance) }
        gsl_multifit_nlinear_covar(gsl_multifit_nlinear_jac(workspace), 0, covariance)
        let sum = (0..<n).reduce(0.0) { total, index in
            let value = gsl_vector_get(residual, index)
            return total + value * value
        }
        return Solution(
            parameters: (0..<p).map { gsl_vector_get(position, $0) },
            covariance: (0..<p).map { row in (0..<p).map { gsl_matrix_get(covariance, row, $0) } },
            residualSumOfSquares: sum, iterations: Int(gsl_multifit_nlinear_niter(workspace)),
            converged: status == Int32(GSL_SUCCESS))
    }

    /// The residual function and its sizes, passed to GSL's C callback as an opaque pointer.
    private final class Problem {
        let residuals: ([Double], inout [Double]) -> Void
        let count: Int
        let parameters: Int

        init(residuals: @escaping ([Double], inout [Double]) -> Void, count: Int, parameters: Int) {
            self.residuals = residuals
            self.count = count
            self.parameters = parameters
        }
    }
}
