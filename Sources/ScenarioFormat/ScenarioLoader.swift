// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import Yams

/// Reads scenario files (schema version 1, YAML or JSON) into validated `Scenario` values.
///
/// Every problem is reported at once, as `file:line:col: error: message` diagnostics in a
/// thrown `ScenarioError`, sorted by position. JSON goes through the same YAML parser, so both
/// formats share one schema and give exact locations. `Scenarios/schema.json` describes the
/// format for editors; `docs/scenario-format.md` is its reference.
public enum ScenarioLoader {
    /// Reads a .yaml/.yml/.json file; throws ScenarioError with every diagnostic found.
    ///
    /// - Parameters:
    ///   - path: the file; used as given in diagnostics and `Scenario.sourcePath`.
    ///   - catalogue: the OS profiles, environments and materials names may use; `.permissive`
    ///     accepts any.
    ///   - imports: which files `imports:` may read (default: the scenario's folder and below).
    public static func load(
        path: String, catalogue: ParameterCatalogue = .permissive, imports: ImportPolicy = .withinScenarioTree
    ) throws -> Scenario {
        try loadKeepingText(path: path, catalogue: catalogue, imports: imports).scenario
    }

    /// `load`, also returning the text read, so that a caller never reads the file twice (it may
    /// be a pipe, as with a shell's `<(…)`, or change between reads).
    static func loadKeepingText(path: String, catalogue: ParameterCatalogue, imports: ImportPolicy) throws -> (
        scenario: Scenario, text: String
    ) {
        switch _SourceFile.text(path, pipes: .read) {
        case .failure(let failure):
            throw ScenarioError([
                Diagnostic(at: SourceLocation(file: path, line: 1, column: 1), "cannot read the file: \(failure.message)")
            ])
        case .success(let source):
            let scenario = try decode(
                text: source.text, path: path, hash: _SHA256.hexDigest(of: source.bytes), catalogue: catalogue,
                imports: imports)
            return (scenario, source.text)
        }
    }

    /// Same from text; `path` is used in diagnostics and for the default name.
    ///
    /// `Scenario.sourceHash` is the SHA-256 of the text's UTF-8 bytes.
    public static func parse(
        text: String, path: String, catalogue: ParameterCatalogue = .permissive,
        imports: ImportPolicy = .withinScenarioTree
    ) throws -> Scenario {
        try decode(text: text, path: path, hash: _SHA256.hexDigest(of: text.utf8), catalogue: catalogue, imports: imports)
    }

    private static func decode(
        text: String, path: String, hash: String, catalogue: ParameterCatalogue, imports: ImportPolicy
    ) throws -> Scenario {
        let context = _DecodingContext(file: path, catalogue: catalogue)
        context.importPolicy = imports
        guard let root = try compose(text, file: path) else {
            throw ScenarioError([
                Diagnostic(
                    at: SourceLocation(file: path, line: 1, column: 1),
                    "the file is empty; a scenario needs at least schemaVersion, duration, venue and phones")
            ])
        }
        let scenario = _ScenarioDecoding.decode(
            root, defaultName: defaultName(for: path), source: (path, hash), context: context)
        guard let scenario, context.diagnostics.isEmpty else {
            // A nil scenario always comes with a diagnostic; the fallback keeps that promise.
            throw ScenarioError(
                context.diagnostics.isEmpty
                    ? [Diagnostic(at: SourceLocation(file: path, line: 1, column: 1), "the scenario is incomplete")]
                    : context.diagnostics)
        }
        return scenario
    }

    /// The YAML tree of `text` (nil for an empty document), after `_YAMLPrescan` has checked its
    /// size; throws `ScenarioError` with one located diagnostic for a syntax error or a limit.
    static func compose(_ text: String, file: String) throws(ScenarioError) -> Node? {
        guard text.utf8.count <= ScenarioLimits.maximumFileBytes else {
            throw ScenarioError([
                Diagnostic(
                    at: SourceLocation(file: file, line: 1, column: 1),
                    "the text is larger than \(ScenarioLimits.maximumFileBytes >> 20) MiB, the limit for scenario files")
            ])
        }
        if let problem = _YAMLPrescan.check(text, file: file) { throw ScenarioError([problem]) }
        do {
            return try Yams.compose(yaml: text, textResolver)
        } catch {
            throw ScenarioError([_SyntaxErrors.diagnostic(for: error, text: text, file: file)])
        }
    }

    /// Yams' resolver for scenario text: none of its tag rules. The loader judges a scalar by its
    /// text and quoting (`_NodeKind`), never by Yams' tags, and the default rules are regular
    /// expressions that Yams runs again for every mapping key its duplicate-key check hashes (most
    /// of the time spent loading a scenario). Without them every plain key is a string, so `1:` and
    /// `"1":` in one mapping are duplicates, as the loader (which reads keys as names) sees them.
    static let textResolver = Resolver.basic

    /// The file name without directory and extension (`scenario` when that leaves nothing).
    static func defaultName(for path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.contains(".") ? String(file[..<(file.lastIndex(of: ".") ?? file.endIndex)]) : file
        return stem.isEmpty ? "scenario" : stem
    }
}
