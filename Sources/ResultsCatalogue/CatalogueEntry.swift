// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation

/// One run, check, sweep or merge as recorded in `catalogue.sqlite`.
public struct CatalogueEntry: Sendable, Equatable {
    /// A unique id of this record (a random UUID): two runs never share one, even of the same
    /// folder name in the same second, and a record is never replaced.
    public var runID: String
    /// The results folder's name (`20261121-113000-check-seed1-n200`).
    public var folder: String
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
    /// False when any claim failed, and when the run was interrupted.
    public var passed: Bool
    /// True when Ctrl-C or SIGTERM stopped the run: its measurements cover `finished` of the
    /// `items` asked for, and it is never recorded as a pass.
    public var interrupted: Bool
    /// Work items (points × replications) that finished, and that were asked for; nil when not
    /// applicable (comparisons).
    public var finished: Int?
    public var items: Int?
    public var measurements: [Measurement]

    public init(
        runID: String = UUID().uuidString.lowercased(), folder: String, kind: String, scenario: String,
        scenarioHash: String, seed: UInt64, replications: Int, toolVersion: String, startedAt: Date, directory: String,
        passed: Bool, interrupted: Bool = false, finished: Int? = nil, items: Int? = nil, measurements: [Measurement]
    ) {
        self.runID = runID
        self.folder = folder
        self.interrupted = interrupted
        self.finished = finished
        self.items = items
        self.kind = kind
        self.scenario = scenario
        self.scenarioHash = scenarioHash
        self.seed = seed
        self.replications = replications
        self.toolVersion = toolVersion
        self.startedAt = startedAt
        self.directory = directory
        self.passed = passed && !interrupted
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
