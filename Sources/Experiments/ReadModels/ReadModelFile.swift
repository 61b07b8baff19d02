// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// Reads a file the program wrote back into its `Decodable` read model (`MetricsJSON`,
/// `SweepJSON`, `CompareJSON`, `ManifestFacts`, `TimelineLine`), naming the file (and, for a
/// `.jsonl`, the line) and the key path in the error instead of a silent default or a crash.
enum ReadModelFile {
    /// Decodes the whole of `text` (the contents of the file at `path`) as one `Model`.
    /// `what` names the file's kind in the error (`not a metrics.json (regions.0.phone: …)`).
    static func decode<Model: Decodable>(_: Model.Type, from text: String, path: String, what: String) throws -> Model {
        try decode(Model.self, Data(text.utf8), location: path, what: what)
    }

    /// Decodes every non-empty line of `text` (a `.jsonl` at `path`) as one `Model`; the error
    /// names the first line that is not one (`path:LINE`).
    static func decodeLines<Model: Decodable>(_: Model.Type, from text: String, path: String, what: String) throws
        -> [Model]
    {
        var models: [Model] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            models.append(try decode(Model.self, Data(line.utf8), location: "\(path):\(index + 1)", what: what))
        }
        return models
    }

    static func decode<Model: Decodable>(_: Model.Type, _ data: Data, location: String, what: String) throws -> Model {
        do {
            return try JSONDecoder().decode(Model.self, from: data)
        } catch let error as DecodingError {
            throw ExperimentError(at: location, "not \(what) (\(reason(error)))", cause: error)
        } catch {
            throw ExperimentError(at: location, "not \(what) (not JSON)", cause: error)
        }
    }

    /// A decoding error in a few words: the key path (`regions.0.latencies`, array items by index),
    /// and what was wrong.
    /// A syntax error names no key: the decoder's own description says where in the text.
    static func reason(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let found), .keyNotFound(_, let found), .typeMismatch(_, let found), .valueNotFound(_, let found):
            context = found
        @unknown default: return "cannot be decoded"
        }
        var path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        if case .keyNotFound(let key, _) = error { path.append(key.stringValue) }
        let text = context.debugDescription
        return path.isEmpty ? text : "\(path.joined(separator: ".")): \(text)"
    }
}
