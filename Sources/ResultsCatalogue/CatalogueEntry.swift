// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation

/// One run, check, sweep or merge as recorded in `catalogue.sqlite`.
public struct CatalogueEntry: Sendable, Equatable {
    /// The results folder's name (`20261121-113000-check-seed1-n200`).
    public var runID: String
    /// `run`, `check`, `sweep` or `merge`.
    public var kind: String
    public var scenario: String
    /// SHA-256 of the scenario file.
    public var scenarioHash: String
    public var seed: UInt64
    public var replications: Int
    public var toolVersion: String
    public var startedAt: Date
    /// The folder, relative to the catalogue's root.
    public var directory: String
    /// False when any claim failed.
    public var passed: Bool
    public var measurements: [Measurement]

    public init(
        runID: String, kind: String, scenario: String, scenarioHash: String, seed: UInt64, replications: Int,
        toolVersion: String, startedAt: Date, directory: String, passed: Bool, measurements: [Measurement]
    ) {
        self.runID = runID
        self.kind = kind
        self.scenario = scenario
        self.scenarioHash = scenarioHash
        self.seed = seed
        self.replications = replications
        self.toolVersion = toolVersion
        self.startedAt = startedAt
        self.directory = directory
        self.passed = passed
        self.measurements = measurements
    }

    /// One claim condition measured at one grid point.
    public struct Measurement: Sendable, Equatable {
        /// Grid point (0 for run and check).
        public var point: Int
        /// The point's settings as `path=value` joined by spaces (empty for run and check).
        public var settings: String
        /// Column name of the condition: `store.exitLatencyFromLastPacket.mean`.
        public var claim: String
        public var measured: Double?
        public var ciLow: Double?
        public var ciHigh: Double?
        public var samples: Int
        public var passed: Bool

        public init(
            point: Int, settings: String, claim: String, measured: Double?, ciLow: Double?, ciHigh: Double?,
            samples: Int,
            passed: Bool
        ) {
            self.point = point
            self.settings = settings
            self.claim = claim
            self.measured = measured
            self.ciLow = ciLow
            self.ciHigh = ciHigh
            self.samples = samples
            self.passed = passed
        }
    }
}
