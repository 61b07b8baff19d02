// SPDX-License-Identifier: GPL-3.0-or-later
internal import ScenarioFormat

/// The series of a sweep report: one per combination of the swept parameters after the first,
/// in point order, each with one colour used by every figure of the report.
struct SweepSeries {
    let axes: [SweepAxis]
    /// `phones.*.os=ios` (empty when only one parameter is swept).
    let labels: [String]

    init(_ sweep: SweepJSON) {
        axes = (sweep.axes ?? []).compactMap { axis in
            guard let path = axis.path, let values = axis.values else { return nil }
            return SweepAxis(path: path, values: values)
        }
        var labels: [String] = []
        let axes = self.axes
        for point in sweep.points ?? [] {
            let settings = point.settings ?? [:]
            let label = Self.label(axes: axes, values: axes.map { settings[$0.path] ?? "" })
            if !labels.contains(label) { labels.append(label) }
        }
        self.labels = labels
    }

    /// The point's value of each axis, in axis order.
    func values(of point: SweepJSON.Point) -> [String] {
        let settings = point.settings ?? [:]
        return axes.map { settings[$0.path] ?? "" }
    }

    func label(of values: [String]) -> String { Self.label(axes: axes, values: values) }

    static func label(axes: [SweepAxis], values: [String]) -> String {
        zip(axes.dropFirst(), values.dropFirst()).map { "\($0.path)=\($1)" }.joined(separator: " ")
    }

    func colour(_ index: Int) -> String { DistributionFigure.palette[index % DistributionFigure.palette.count] }

    /// The colour of the series `values` belong to.
    func colour(of values: [String]) -> String { colour(labels.firstIndex(of: label(of: values)) ?? 0) }
}
