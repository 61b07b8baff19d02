// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import Yams

/// `imports: [shared-people.yaml, fit/radio.yaml]`: files whose `phones:` and `expect:` join the
/// scenario's own, so that several layouts of one venue share the same people, walks and claims,
/// and whose `radio:` and `devices:` lie under the scenario's own (a fitted radio fragment).
///
/// Paths are relative to the importing file. An imported file holds only `phones`, `expect`,
/// `radio`, `devices` and a free-form `source` (no nested imports); its diagnostics carry its own
/// file name, line and column. Settings: the scenario's own win; among imports, the later file wins.
enum _Imports {
    struct Imported {
        var paths: [String] = []
        var phones: [PhoneSpec] = []
        var claims: [ClaimSpec] = []
        var radio = RadioSpec()
        var devices: [String: DeviceSpec] = [:]
    }

    static func decode(
        _ node: Node, importer: String, firstPhoneIndex: Int, phoneNames: inout _UniqueNames, context: _DecodingContext
    ) -> Imported {
        var imported = Imported()
        for item in context.list(node, for: "imports") ?? [] {
            guard let name = context.string(item, for: "imports") else { continue }
            let directory = importer.lastIndex(of: "/").map { String(importer[..<$0]) }
            let shown = normalised(name.hasPrefix("/") ? name : directory.map { $0 + "/" + name } ?? name)
            guard let data = FileManager.default.contents(atPath: shown), let text = String(data: data, encoding: .utf8)
            else {
                context.error("cannot read imported file '\(name)' (looked for \(shown))", at: item)
                continue
            }
            let child = context.child(file: shown)
            let root: Node?
            do {
                root = try Yams.compose(yaml: text)
            } catch {
                let diagnostic = _SyntaxErrors.diagnostic(for: error, text: text, file: shown)
                context.error(diagnostic.message, at: diagnostic.location)
                continue
            }
            guard let root, let map = _MappingReader(root, for: "imports", table: _SchemaKeys.importFile, context: child)
            else {
                if root == nil { context.error("imported file '\(name)' is empty", at: item) }
                context.absorb(child)
                continue
            }
            imported.paths.append(shown)
            let offset = firstPhoneIndex + imported.phones.count
            imported.phones += map.each("phones") { node, index in
                _PhoneDecoding.phone(node, index: offset + index, names: &phoneNames, context: child)
            }
            imported.claims += map.each("expect") { node, _ in _ClaimDecoding.claim(node, context: child) }
            let fragment = _RadioFragment.decode(map, context: child)
            imported.radio = fragment.radio.filling(from: imported.radio)
            imported.devices.merge(fragment.devices) { earlier, later in later.filling(from: earlier) }
            context.absorb(child)
        }
        return imported
    }

    /// `path` normalised, e.g. `Scenarios/layouts/../x.yaml` → `Scenarios/x.yaml`.
    private static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
