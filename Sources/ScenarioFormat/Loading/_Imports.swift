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
            if context.importPolicy == .withinScenarioTree, let problem = leavesTree(shown, importer: importer) {
                context.error(
                    "imported file '\(name)' \(problem); imports must stay in the importing scenario's folder or "
                        + "below (pass --allow-outside-imports to read it anyway)", at: item)
                continue
            }
            let text: String
            switch _SourceFile.text(shown) {
            case .failure(let failure):
                context.error("cannot read imported file '\(name)' (looked for \(shown)): \(failure.message)", at: item)
                continue
            case .success(let source): text = source.text
            }
            let child = context.child(file: shown)
            let root: Node?
            do {
                root = try ScenarioLoader.compose(text, file: shown)
            } catch {
                // Where the file is broken, never what it says: it may not be a scenario at all.
                for diagnostic in error.diagnostics {
                    context.error(Self.withoutQuotes(diagnostic.message), at: diagnostic.location)
                }
                continue
            }
            guard let root else {
                context.error("imported file '\(name)' is empty", at: item)
                continue
            }
            // Until the file looks like one made for importing, nothing of its text is quoted.
            guard Self.isImportFile(root) else {
                context.error(
                    "imported file '\(name)' is not a scenario part: it must be a mapping with only "
                        + "'phones', 'expect', 'radio', 'devices' and 'source'", at: child.location(of: root))
                continue
            }
            guard let map = _MappingReader(root, for: "imports", table: _SchemaKeys.importFile, context: child) else {
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

    /// Whether `root` is a mapping whose keys are all those of an import file.
    private static func isImportFile(_ root: Node) -> Bool {
        guard case .mapping(let mapping) = root else { return false }
        return mapping.keys.allSatisfy { key in
            guard case .scalar(let scalar) = key else { return false }
            return _SchemaKeys.importFile.allowed?.contains(scalar.string) ?? false
        }
    }

    /// Why `path` (normalised) is outside the folder of `importer`, following symbolic links, or
    /// nil when it is inside.
    private static func leavesTree(_ path: String, importer: String) -> String? {
        let folder = URL(fileURLWithPath: importer).deletingLastPathComponent().resolvingSymlinksInPath().path
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return target.hasPrefix(base) ? nil : "is outside \(folder)"
    }

    /// A parse message with anything it quotes from the file (a duplicate key) cut out.
    private static func withoutQuotes(_ message: String) -> String {
        message.split(separator: "'").enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            .joined(separator: "…")
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
