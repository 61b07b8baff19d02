// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import ScenarioFormat

/// `imports:` stays in the importing scenario's folder unless allowed, and never echoes the text
/// of a file that is not an import file (issue 15: whole /etc/shadow lines appeared in diagnostics).
@Suite("Import confinement")
struct ImportConfinementTests {
    /// `root/scenarios/s.yaml` importing `name`, `root/secret.yaml` (outside) and
    /// `root/scenarios/people.yaml` (inside); returns the root and the scenario's path.
    static func tree(importing name: String) throws -> (root: URL, scenario: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("imports-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let people = """
            phones:
              - name: bob
                app: { regions: [] }
                path: [{ position: [1, 1] }]
            """
        try people.write(to: folder.appendingPathComponent("people.yaml"), atomically: true, encoding: .utf8)
        try people.write(to: root.appendingPathComponent("secret.yaml"), atomically: true, encoding: .utf8)
        try "API_KEY: hunter2-secret\nOTHER: 1\n".write(
            to: root.appendingPathComponent("dot.env"), atomically: true, encoding: .utf8)
        let scenario = folder.appendingPathComponent("s.yaml")
        try (Support.document() + "imports: [\"\(name)\"]\n").write(to: scenario, atomically: true, encoding: .utf8)
        return (root, scenario.path)
    }

    static func messages(_ path: String, _ policy: ImportPolicy = .withinScenarioTree) -> [String] {
        do {
            _ = try ScenarioLoader.load(path: path, imports: policy)
            return []
        } catch let error as ScenarioError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test("a file below the scenario's folder is read")
    func inside() throws {
        let (root, scenario) = try Self.tree(importing: "people.yaml")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(Self.messages(scenario).isEmpty)
    }

    @Test("../ and absolute paths outside the folder are refused unless allowed", arguments: ["../secret.yaml", "ABS"])
    func outside(name: String) throws {
        var (root, scenario) = try Self.tree(importing: name)
        defer { try? FileManager.default.removeItem(at: root) }
        if name == "ABS" {
            try? FileManager.default.removeItem(at: root)
            (root, scenario) = try Self.tree(importing: FileManager.default.temporaryDirectory.path + "/x")
            let absolute = root.appendingPathComponent("secret.yaml").path
            try (Support.document() + "imports: [\"\(absolute)\"]\n").write(
                toFile: scenario, atomically: true, encoding: .utf8)
        }
        let refused = Self.messages(scenario)
        #expect(refused.count == 1)
        #expect(refused.first?.contains("is outside") == true && refused.first?.contains("--allow-outside-imports") == true)
        #expect(Self.messages(scenario, .anywhere).isEmpty)
    }

    @Test("a symbolic link inside the folder to a file outside is refused")
    func symlinkOut() throws {
        let (root, scenario) = try Self.tree(importing: "link.yaml")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("scenarios/link.yaml").path,
            withDestinationPath: root.appendingPathComponent("secret.yaml").path)
        #expect(Self.messages(scenario).first?.contains("is outside") == true)
    }

    @Test("a non-scenario file's contents never appear in diagnostics", arguments: ["../dot.env", "/etc/passwd"])
    func noEcho(name: String) throws {
        let (root, scenario) = try Self.tree(importing: name)
        defer { try? FileManager.default.removeItem(at: root) }
        let found = Self.messages(scenario, .anywhere)
        #expect(found.count == 1, "\(found)")
        let message = found.first ?? ""
        #expect(message.contains("is not a scenario part"), "\(message)")
        for secret in ["hunter2", "API_KEY", "root:", "/bin/"] { #expect(!message.contains(secret), "\(message)") }
    }
}
