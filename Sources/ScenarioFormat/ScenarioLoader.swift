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
    public static func load(path: String, catalogue: ParameterCatalogue = .permissive) throws -> Scenario {
        try loadKeepingText(path: path, catalogue: catalogue).scenario
    }

    /// `load`, also returning the text read, so that a caller never reads the file twice (it may
    /// be a pipe, as with a shell's `<(…)`, or change between reads).
    static func loadKeepingText(path: String, catalogue: ParameterCatalogue) throws -> (scenario: Scenario, text: String) {
        let start = SourceLocation(file: path, line: 1, column: 1)
        let data = try contents(of: path, at: start)
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError([Diagnostic(at: start, "the file is not valid UTF-8 text")])
        }
        return (try decode(text: text, path: path, hash: _SHA256.hexDigest(of: data), catalogue: catalogue), text)
    }

    /// Every byte of `path`, read to its end: a regular file, a FIFO or a pipe.
    private static func contents(of path: String, at start: SourceLocation) throws -> Data {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw ScenarioError([Diagnostic(at: start, "cannot read the file: \(String(cString: strerror(errno)))")])
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            let reason = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).map {
                String(cString: strerror(Int32($0.code)))
            }
            throw ScenarioError([Diagnostic(at: start, "cannot read the file: \(reason ?? "read error")")])
        }
    }

    /// Same from text; `path` is used in diagnostics and for the default name.
    ///
    /// `Scenario.sourceHash` is the SHA-256 of the text's UTF-8 bytes.
    public static func parse(text: String, path: String, catalogue: ParameterCatalogue = .permissive) throws -> Scenario {
        try decode(text: text, path: path, hash: _SHA256.hexDigest(of: text.utf8), catalogue: catalogue)
    }

    private static func decode(text: String, path: String, hash: String, catalogue: ParameterCatalogue) throws
        -> Scenario
    {
        let context = _DecodingContext(file: path, catalogue: catalogue)
        let root: Node
        do {
            guard let document = try Yams.compose(yaml: text) else {
                context.error(
                    "the file is empty; a scenario needs at least schemaVersion, duration, venue and phones",
                    at: SourceLocation(file: path, line: 1, column: 1))
                throw ScenarioError(context.diagnostics)
            }
            root = document
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError([_SyntaxErrors.diagnostic(for: error, text: text, file: path)])
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

    /// The file name without directory and extension (`scenario` when that leaves nothing).
    static func defaultName(for path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.contains(".") ? String(file[..<(file.lastIndex(of: ".") ?? file.endIndex)]) : file
        return stem.isEmpty ? "scenario" : stem
    }
}
