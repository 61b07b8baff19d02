// SPDX-License-Identifier: GPL-3.0-or-later
internal import ScenarioFormat

/// The scenario loader on arbitrary text: it decodes or throws `ScenarioError` whose diagnostics
/// are each one line at a real position (line and column ≥ 1) of the file. The catalogue is the
/// permissive or the strict one by the input's length (one parse per execution keeps them fast).
enum ScenarioFuzzing {
    /// A catalogue with names, so that the checks against known profiles, environments and
    /// materials run too (the permissive one accepts any name).
    static let strict = ParameterCatalogue(
        profiles: ["ios": ["exitTimeout": .duration, "scanWindow": .duration, "hardwareAssisted": .flag, "gain": .number]],
        environments: ["retail", "office"], materials: ["brick", "glass"])

    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for catalogue in [bytes.count % 2 == 0 ? ParameterCatalogue.permissive : strict] {
            do {
                _ = try ScenarioLoader.parse(text: text, path: "fuzz.yaml", catalogue: catalogue)
            } catch let error as ScenarioError {
                guard !error.diagnostics.isEmpty else { FuzzTarget.fail("a ScenarioError without diagnostics") }
                for diagnostic in error.diagnostics {
                    let printed = diagnostic.description
                    guard diagnostic.location.line >= 1, diagnostic.location.column >= 1,
                        !printed.contains("\n"), !printed.contains("\r")
                    else { FuzzTarget.fail("unlocated or multi-line diagnostic: \(printed.debugDescription)") }
                }
            } catch {
                FuzzTarget.fail("unexpected error type \(error)")
            }
        }
    }
}
