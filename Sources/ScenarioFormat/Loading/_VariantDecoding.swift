// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// `variants:` — a mapping from a variant name to its settings (`path: value`, paths as in
/// `sweep:` plus list-valued fields). Names and paths are read with the rest of the file; once
/// the scenario itself decodes cleanly, each variant is applied to the file's tree and decoded
/// in full, its diagnostics reported as `in variant 'NAME': …` where they arise.
enum _VariantDecoding {
    struct Declared {
        var name: String
        var settings: [(path: String, pathNode: Node, value: Node)]
    }

    /// Names and settings; declares the names for claims' `variant:`.
    static func read(_ node: Node, context: _DecodingContext) -> [Declared] {
        guard let map = _MappingReader(node, for: "variants", table: _KeyTable(nil), context: context) else { return [] }
        return map.orderedKeys.compactMap { name -> Declared? in
            guard let nameNode = map.keyNode(name), let body = map[name] else { return nil }
            if name == ScenarioVariant.baseName {
                context.error("'\(name)' names the scenario as written; choose another variant name", at: nameNode)
                return nil
            }
            context.declared.variants.insert(name)
            guard let settings = _MappingReader(body, for: name, table: _KeyTable(nil), context: context) else {
                return nil
            }
            if settings.orderedKeys.isEmpty { context.error("variant '\(name)' sets nothing", at: body) }
            let items = settings.orderedKeys.compactMap { path -> (String, Node, Node)? in
                guard let pathNode = settings.keyNode(path), let value = settings[path] else { return nil }
                if let problem = _SettingPath.problem(with: path, lists: true) {
                    context.error("variant '\(name)': path '\(path)': \(problem)", at: pathNode)
                    return nil
                }
                return (path, pathNode, value)
            }
            return Declared(name: name, settings: items)
        }
    }

    /// Each variant applied to `root` (without its `variants`, `expect` and `sweep`) and decoded.
    static func decode(_ declared: [Declared], root: Node, base: Scenario, context: _DecodingContext) -> [ScenarioVariant] {
        let stripped = without(["variants", "expect", "sweep"], in: root)
        return declared.compactMap { variant in
            var node = stripped
            var applied = 0
            for setting in variant.settings {
                let text = (try? Yams.serialize(node: setting.value))?.trimmingSpaces ?? ""
                do {
                    node = try _SettingPath.apply(
                        node: setting.value, text: text, at: setting.path, to: node, base: base, lists: true)
                    applied += 1
                } catch {
                    let message = (error as? ScenarioError)?.setting?.message ?? "\(error)"
                    context.error("variant '\(variant.name)': \(message)", at: setting.pathNode)
                }
            }
            guard applied == variant.settings.count else { return nil }
            let child = _DecodingContext(file: context.file, catalogue: context.catalogue)
            let scenario = _ScenarioDecoding.decode(
                node, defaultName: base.name, source: (base.sourcePath, base.sourceHash), context: child)
            for diagnostic in child.diagnostics {
                context.error("in variant '\(variant.name)': \(diagnostic.message)", at: diagnostic.location)
            }
            guard let scenario, child.diagnostics.isEmpty else { return nil }
            return ScenarioVariant(name: variant.name, paths: variant.settings.map(\.path), scenario: scenario)
        }
    }

    private static func without(_ keys: Set<String>, in root: Node) -> Node {
        guard case .mapping(let mapping) = root else { return root }
        let pairs = mapping.filter { !keys.contains($0.key.scalar?.string ?? "") }.map { ($0.key, $0.value) }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
    }
}
