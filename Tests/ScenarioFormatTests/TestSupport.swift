// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import ScenarioFormat

/// Paths and helpers shared by the ScenarioFormat tests.
enum Support {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// A phone block that makes a document complete; appended after the lines a test is about,
    /// so their line numbers do not move.
    static let phones = """
        phones:
          - name: alice
            app:
              regions:
                - { name: store, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1 }
            path:
              - { position: [5, 5] }
        """

    /// A valid document: four header lines, `body`, then `phones` unless `body` has its own.
    static func document(_ body: String = "") -> String {
        let header = "schemaVersion: 1\nduration: 10m\nvenue:\n  size: [40, 30]\n"
        let tail = body.contains("phones:") ? "" : phones + "\n"
        return header + (body.isEmpty ? "" : body + "\n") + tail
    }

    /// Every diagnostic of `text` as printed (`t.yaml:3:5: error: …`); empty when it decodes.
    static func diagnostics(
        _ text: String, path: String = "t.yaml", catalogue: ParameterCatalogue = .permissive
    ) -> [String] {
        do {
            _ = try ScenarioLoader.parse(text: text, path: path, catalogue: catalogue)
            return []
        } catch let error as ScenarioError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["unexpected error type: \(error)"]
        }
    }

    /// Expects exactly one diagnostic, starting with `prefix` (`t.yaml:9:14: error: `) and
    /// containing `fragment`.
    static func expectOne(
        _ text: String, at prefix: String, _ fragment: String, catalogue: ParameterCatalogue = .permissive,
        path: String = "t.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let found = diagnostics(text, path: path, catalogue: catalogue)
        #expect(found.count == 1, "\(found)", sourceLocation: sourceLocation)
        let first = found.first ?? "<none>"
        #expect(first.hasPrefix(prefix + "error: "), "\(first)", sourceLocation: sourceLocation)
        #expect(first.contains(fragment), "\(first)", sourceLocation: sourceLocation)
    }
}
