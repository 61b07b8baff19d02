// SPDX-License-Identifier: GPL-3.0-or-later

/// One claim condition's measured value in one catalogued run.
public struct HistoryRow: Sendable, Equatable {
    /// The record's unique id.
    public var runID: String
    /// The results folder's name.
    public var folder: String
    public var kind: String
    public var toolVersion: String
    /// ISO 8601, UTC.
    public var startedAt: String
    public var seed: UInt64
    public var replications: Int
    public var scenarioHash: String
    /// Stopped by Ctrl-C or SIGTERM after `finished` of `items` work items.
    public var interrupted: Bool
    public var finished: Int?
    public var items: Int?
    /// The claim condition's value at one grid point.
    public var measurement: CatalogueEntry.Measurement
}
