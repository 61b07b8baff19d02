// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat

/// The points of a sweep: every combination of its axes' values, the first axis varying slowest.
/// A check is the grid with no axes: one point.
public struct SweepGrid: Sendable, Equatable {
    public var axes: [SweepAxis]

    public init(axes: [SweepAxis]) { self.axes = axes }

    /// Points: the product of the axes' value counts. Callers that take axes from outside check
    /// `boundedCount(limit:)` first (the product of large axes overflows).
    public var count: Int { axes.reduce(1) { $0 * $1.values.count } }

    /// The number of points, or nil when it exceeds `limit` (computed without overflow).
    public func boundedCount(limit: Int) -> Int? {
        var product = 1
        for axis in axes {
            let (next, overflow) = product.multipliedReportingOverflow(by: axis.values.count)
            guard !overflow, next <= limit else { return nil }
            product = next
        }
        return product
    }

    /// The value of each axis at `point` (0 ≤ point < count).
    public func values(at point: Int) -> [String] {
        var remainder = point
        var result = [String](repeating: "", count: axes.count)
        for index in axes.indices.reversed() {
            let values = axes[index].values
            result[index] = values[remainder % values.count]
            remainder /= values.count
        }
        return result
    }

    /// The settings of `point`, ready for `ScenarioTemplate.applying(_:)`.
    public func settings(at point: Int) -> [(path: String, value: String)] {
        Array(zip(axes.map(\.path), values(at: point))).map { (path: $0.0, value: $0.1) }
    }

    /// Command-line axes replace the scenario's `sweep:` axes of the same path and follow them.
    public static func combining(scenario: [SweepAxis], commandLine: [SweepAxis]) -> SweepGrid {
        let replaced = Set(commandLine.map(\.path))
        return SweepGrid(axes: scenario.filter { !replaced.contains($0.path) } + commandLine)
    }
}
