// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat

/// The points of a sweep: every combination of its axes' values, the first axis varying slowest.
/// A check is the grid with no axes: one point.
public struct SweepGrid: Sendable, Equatable {
    public var axes: [SweepAxis]

    public init(axes: [SweepAxis]) { self.axes = axes }

    public var count: Int { axes.reduce(1) { $0 * $1.values.count } }

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
