// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// The radio part of an imported file or of `predict --radio`: `radio:`, `devices:` and a
/// free-form `source:` (checked to be a mapping, otherwise not read).
enum _RadioFragment {
    static func decode(_ map: _MappingReader, context: _DecodingContext) -> RadioFragment {
        if let source = map["source"] {
            _ = _MappingReader(source, for: "source", table: _SchemaKeys.source, context: context)
        }
        return RadioFragment(
            radio: map["radio"].flatMap { _VenueDecoding.radio($0, context: context) } ?? RadioSpec(),
            devices: map["devices"].map { _DeviceDecoding.devices($0, context: context) } ?? [:])
    }

    /// Reads a fragment file; throws `ScenarioError` with every diagnostic.
    static func load(path: String) throws -> RadioFragment {
        let context = _DecodingContext(file: path, catalogue: .permissive)
        let start = SourceLocation(file: path, line: 1, column: 1)
        let text: String
        switch _SourceFile.text(path) {
        case .failure(let failure):
            throw ScenarioError([Diagnostic(at: start, "cannot read the radio fragment: \(failure.message)")])
        case .success(let source): text = source.text
        }
        guard let root = try ScenarioLoader.compose(text, file: path) else {
            throw ScenarioError([Diagnostic(at: start, "the radio fragment is empty")])
        }
        guard let map = _MappingReader(root, for: "radio fragment", table: _SchemaKeys.radioFragment, context: context)
        else { throw ScenarioError(context.diagnostics) }
        let fragment = decode(map, context: context)
        guard context.diagnostics.isEmpty else { throw ScenarioError(context.diagnostics) }
        return fragment
    }
}
