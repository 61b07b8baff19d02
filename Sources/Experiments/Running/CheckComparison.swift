// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
public import Foundation
public import Reporting
public import ResultsCatalogue

/// `beaconsim compare A B`: two check folders (say, two beacon layouts of the same walk) claim by
/// claim — each side's value with its 95 % interval, the difference B − A, and whether the
/// intervals are disjoint (a difference the replications resolve).
public struct CheckComparison: Sendable {
    /// One claim condition present in both folders.
    public struct Row: Sendable, Equatable {
        public var claim: String
        public var a: Double?
        public var aInterval: ClosedRange<Double>?
        public var b: Double?
        public var bInterval: ClosedRange<Double>?
        public var difference: Double? { b.flatMap { b in a.map { b - $0 } } }
        /// Both intervals known and not overlapping.
        public var resolved: Bool {
            guard let aInterval, let bInterval else { return false }
            return !aInterval.overlaps(bInterval)
        }
    }

    public var a: URL
    public var b: URL
    public var scenarioA: String
    public var scenarioB: String
    public var rows: [Row]

    /// Reads `check.json` and `manifest.json` of both folders.
    public init(a: URL, b: URL) throws {
        let (scenarioA, claimsA) = try Self.read(a)
        let (scenarioB, claimsB) = try Self.read(b)
        self.a = a
        self.b = b
        self.scenarioA = scenarioA
        self.scenarioB = scenarioB
        rows = claimsA.compactMap { claim, value in
            guard let other = claimsB.first(where: { $0.0 == claim }) else { return nil }
            return Row(claim: claim, a: value.0, aInterval: value.1, b: other.1.0, bInterval: other.1.1)
        }
    }

    /// A table: claim, A, B, B − A and `*` where the intervals are disjoint.
    public var text: String {
        func value(_ x: Double?, _ interval: ClosedRange<Double>?) -> String {
            guard let x else { return "—" }
            return HistoryTable.format(x)
                + (interval.map { " [\(HistoryTable.format($0.lowerBound))…\(HistoryTable.format($0.upperBound))]" }
                    ?? "")
        }
        var lines = ["A: \(scenarioA)  \(a.path)", "B: \(scenarioB)  \(b.path)", ""]
        for row in rows {
            let delta = row.difference.map { ($0 >= 0 ? "+" : "") + HistoryTable.format($0) } ?? "—"
            lines.append(
                "\(row.claim)\n    A \(value(row.a, row.aInterval))   B \(value(row.b, row.bInterval))   B−A \(delta)"
                    + (row.resolved ? "  * intervals disjoint" : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One row per claim, one number per column: `claim`, A's and B's value and 95 % interval ends,
    /// `difference` (B − A) and `resolved` (the intervals are disjoint).
    public var csv: String {
        let number = { (value: Double?) in value.map { JSONText.number($0, decimals: 6) } ?? "" }
        let header = [
            "claim", "a", "a.ci95_low", "a.ci95_high", "b", "b.ci95_low", "b.ci95_high", "difference", "resolved",
        ]
        return CSVText.table(
            [header]
                + rows.map { row in
                    [
                        row.claim, number(row.a), number(row.aInterval?.lowerBound), number(row.aInterval?.upperBound),
                        number(row.b), number(row.bInterval?.lowerBound), number(row.bInterval?.upperBound),
                        number(row.difference), row.resolved ? "true" : "false",
                    ]
                })
    }

    /// Writes `compare.txt`, `compare.csv` and `manifest.json` (both folders with their seed,
    /// replications and tool version) into a new folder `OUT/compare/<time>-checks`.
    public func write(into store: ResultsStore, startedAt: Date) throws -> URL {
        let directory = try store.newRunDirectory(scenario: "compare", label: "checks", now: startedAt)
        try store.write(text, to: "compare.txt", in: directory)
        try store.write(csv, to: "compare.csv", in: directory)
        let side = { (folder: URL) -> String in
            let manifest = Self.manifest(of: folder)
            return JSONText.object([
                ("folder", JSONText.string(folder.path)),
                ("scenario", manifest?.scenario.map(JSONText.string) ?? "null"),
                ("scenarioHash", manifest?.scenarioHash.map(JSONText.string) ?? "null"),
                ("version", manifest?.version.map(JSONText.string) ?? "null"),
                ("seed", manifest?.seed.map { String($0) } ?? "null"),
                ("replications", manifest?.replications.map { String($0) } ?? "null"),
            ])
        }
        let manifest = JSONText.object([
            ("tool", JSONText.string("beaconsim")), ("version", JSONText.string(BeaconSimVersion.current)),
            ("command", JSONText.string("compare")), ("a", side(a)), ("b", side(b)),
            ("startedAt", JSONText.string(ISO8601DateFormatter().string(from: startedAt))),
        ])
        try store.write(manifest + "\n", to: "manifest.json", in: directory)
        return directory
    }

    /// A catalogue entry of kind `comparison` under scenario A: each claim's difference B − A.
    public func entry(root: URL) -> CatalogueEntry {
        CatalogueEntry(
            folder: "compare-\(a.lastPathComponent)-vs-\(b.lastPathComponent)", kind: "comparison", scenario: scenarioA,
            scenarioHash: "", seed: 0, replications: 0, toolVersion: BeaconSimVersion.current, startedAt: Date(),
            directory: CatalogueRecording.relative(b, to: root), passed: rows.allSatisfy { !$0.resolved },
            measurements: rows.map { row in
                CatalogueEntry.Measurement(
                    point: 0, settings: "vs \(scenarioB)", claim: row.claim, measured: row.difference, ciLow: nil,
                    ciHigh: nil, samples: 0, passed: !row.resolved)
            })
    }

    private static func read(_ folder: URL) throws -> (String, [(String, (Double?, ClosedRange<Double>?))]) {
        let contents = { (name: String) in try? Data(contentsOf: folder.appendingPathComponent(name)) }
        guard let check = contents("check.json").flatMap({ try? CheckJSON.decode($0) }) else {
            throw ExperimentError("\(folder.path): not a check folder (no readable check.json)")
        }
        try ResultsFolderMarker.requireFinished(folder)
        var seen: [String: Int] = [:]
        var result: [(String, (Double?, ClosedRange<Double>?))] = []
        // Stems as `ExperimentSummary.columnNames`: the parts of anyOf/allOf prefixed with their path.
        func visit(_ claim: CheckJSON.Claim, path: String) {
            for (combinator, parts) in [("anyOf", claim.anyOf), ("allOf", claim.allOf)] {
                for (index, part) in (parts ?? []).enumerated() {
                    visit(part, path: path + "\(combinator)[\(index + 1)].")
                }
            }
            let subject = claim.side.subject + (claim.versus.map { " − " + $0.subject } ?? "")
            for condition in claim.conditions ?? [] {
                let stem = "\(path)\(subject).\(claim.metric ?? claim.quantity ?? "?").\(condition.statistic ?? "?")"
                seen[stem, default: 0] += 1
                let name = seen[stem] == 1 ? stem : "\(stem)#\(seen[stem] ?? 0)"
                result.append((name, (condition.measured, condition.interval)))
            }
        }
        for claim in check.claims { visit(claim, path: "") }
        return (manifest(of: folder)?.scenario ?? folder.lastPathComponent, result)
    }

    /// What a comparison takes from a check folder's manifest.json (nil: none readable).
    private struct ManifestSummary: Decodable {
        var scenario: String?
        var scenarioHash: String?
        var version: String?
        var seed: UInt64?
        var replications: Int?
    }

    private static func manifest(of folder: URL) -> ManifestSummary? {
        (try? Data(contentsOf: folder.appendingPathComponent("manifest.json")))
            .flatMap { try? JSONDecoder().decode(ManifestSummary.self, from: $0) }
    }
}
