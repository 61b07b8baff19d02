// SPDX-License-Identifier: GPL-3.0-or-later
internal import ScenarioFormat

/// What one replication measured, as claims need it: the metrics of the scenario as written and
/// of each variant the claims run on, and the samples of every event-based claim side (event
/// counts, spans between events), keyed by `ClaimSide.key`.
public struct ClaimRun: Sendable, Equatable {
    public var replication: Int
    /// Metrics of the scenario as written.
    public var metrics: [RegionMetrics]
    /// Metrics of each variant run, by variant name.
    public var variantMetrics: [String: [RegionMetrics]]
    /// Per-run samples of event counts (one value) and spans (one per span), by side key.
    public var measures: [String: [Double]]

    public init(
        replication: Int, metrics: [RegionMetrics], variantMetrics: [String: [RegionMetrics]] = [:],
        measures: [String: [Double]] = [:]
    ) {
        self.replication = replication
        self.metrics = metrics
        self.variantMetrics = variantMetrics
        self.measures = measures
    }

    /// The metrics of `variant` (nil = the scenario as written); empty when it was not run.
    public func metrics(of variant: String?) -> [RegionMetrics] {
        guard let variant else { return metrics }
        return variantMetrics[variant] ?? []
    }
}
