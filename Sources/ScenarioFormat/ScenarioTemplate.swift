// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import Yams

/// A scenario file kept as its YAML tree so that variants can be made by setting fields, as
/// `beaconsim sweep --set` does; each variant goes through the full loader and validator.
///
/// Settable paths (`*` = every item, a name = the item of that name):
/// `duration`, `venue.environment`, `radio.KEY`, `beacons.*.{interval,txPower,measuredPower}`,
/// `phones.*.{os,carry}`, `phones.*.overrides.KEY`, `phones.*.app.{state,ranging,permission,
/// backgroundRefresh,createsManagerAtLaunch}`. Values use the scenario syntax (`100ms`, `-59`).
///
/// `@unchecked Sendable`: Yams' `Node` is a value type not declared `Sendable`; the tree is held in
/// a `let` and only ever copied, never mutated in place, so sharing it across tasks is safe.
public struct ScenarioTemplate: @unchecked Sendable {
    /// The scenario as written.
    public let base: Scenario
    let root: Node
    let catalogue: ParameterCatalogue
    let imports: ImportPolicy

    /// Loads and validates `path`; throws `ScenarioError` like `ScenarioLoader.load`.
    public init(
        path: String, catalogue: ParameterCatalogue = .permissive, imports: ImportPolicy = .withinScenarioTree
    ) throws {
        let (base, text) = try ScenarioLoader.loadKeepingText(path: path, catalogue: catalogue, imports: imports)
        self.base = base
        guard let root = try? ScenarioLoader.compose(text, file: path) else {
            throw ScenarioError([
                Diagnostic(at: SourceLocation(file: path, line: 1, column: 1), "cannot re-read the file")
            ])
        }
        self.root = root
        self.catalogue = catalogue
        self.imports = imports
    }

    /// The scenario with every `(path, value)` applied in order. Its `sourcePath` and
    /// `sourceHash` stay those of the file. Throws `ScenarioError(setting:message:)` naming the first bad setting.
    public func applying(_ settings: [(path: String, value: String)]) throws -> Scenario {
        var node = root
        for setting in settings {
            let single = try _SettingPath.apply(setting.value, at: setting.path, to: root, base: base)
            if let message = decodeFailure(single) {
                throw ScenarioError(setting: "\(setting.path)=\(setting.value)", message: message)
            }
            node = try _SettingPath.apply(setting.value, at: setting.path, to: node, base: base)
        }
        let context = _DecodingContext(file: base.sourcePath, catalogue: catalogue)
        context.importPolicy = imports
        let decoded = _ScenarioDecoding.decode(
            node, defaultName: ScenarioLoader.defaultName(for: base.sourcePath),
            source: (base.sourcePath, base.sourceHash), context: context)
        guard let decoded, context.diagnostics.isEmpty else {
            let text = settings.map { "\($0.path)=\($0.value)" }.joined(separator: " ")
            throw ScenarioError(
                setting: text, message: Self.unique(context.diagnostics.map(\.message)).joined(separator: "; "))
        }
        return decoded
    }

    /// Checks that `axis` names a settable field with values it accepts.
    public func validate(_ axis: SweepAxis) throws {
        for value in axis.values { _ = try applying([(axis.path, value)]) }
    }

    /// The diagnostics of decoding `node`, joined, or nil when it decodes cleanly.
    private func decodeFailure(_ node: Node) -> String? {
        let context = _DecodingContext(file: base.sourcePath, catalogue: catalogue)
        context.importPolicy = imports
        _ = _ScenarioDecoding.decode(node, defaultName: base.name, source: (base.sourcePath, ""), context: context)
        return context.diagnostics.isEmpty
            ? nil : Self.unique(context.diagnostics.map(\.message)).joined(separator: "; ")
    }

    /// `messages` without repeats (a `*` setting repeats one message per item), in order.
    static func unique(_ messages: [String]) -> [String] {
        var seen = Set<String>()
        return messages.filter { seen.insert($0).inserted }
    }
}
