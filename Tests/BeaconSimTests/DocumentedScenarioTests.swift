// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Foundation
import ScenarioFormat
import Testing

/// Every scenario shown in the docs loads, as written, against the simulator's own catalogue of
/// OS profiles, parameters, environments and materials (`ParameterCatalogue.standard`) — so an
/// example cannot use a parameter the models do not have.
@Suite("Documented scenarios")
struct DocumentedScenarioTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The ```yaml and ```json blocks of `file` that are whole scenarios (they set schemaVersion).
    static func scenarios(in file: String) throws -> [(line: Int, text: String)] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var blocks: [(Int, String)] = []
        var current: (start: Int, lines: [String])?
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            if current == nil, line == "```yaml" || line == "```json" {
                current = (number + 2, [])
            } else if let block = current, line == "```" {
                let body = block.lines.joined(separator: "\n") + "\n"
                if body.contains("schemaVersion") { blocks.append((block.start, body)) }
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        return blocks
    }

    static let files: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    @Test("every scenario block in README.md and docs/ validates with the standard catalogue", arguments: files)
    func documented(file: String) throws {
        for block in try Self.scenarios(in: file) {
            do {
                _ = try ScenarioLoader.parse(text: block.text, path: "\(file):\(block.line)", catalogue: .standard)
            } catch let error as ScenarioError {
                Issue.record("\(file), block at line \(block.line): \(error.description)")
            }
        }
    }

    @Test("the scenario format reference shows its full example in YAML and JSON")
    func fullExample() throws {
        #expect(try Self.scenarios(in: "docs/scenario-format.md").count == 2)
        #expect(try Self.scenarios(in: "README.md").count >= 1)
    }
}
