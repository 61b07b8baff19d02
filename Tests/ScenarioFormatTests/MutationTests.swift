// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import TestSupport
import Testing

@testable import ScenarioFormat

/// Random damage to valid files never crashes the loader: each mutant either decodes or throws
/// a `ScenarioError` with at least one diagnostic at a real (1-based) position.
@Suite("Random mutations")
struct MutationTests {
    /// Characters that matter to YAML, JSON and the schema, plus some that do not.
    static let alphabet = Array(
        ":{}[],\"'-#&*!|>?%@` \t\n\r\\.0123456789eEsmhnu+-_aZ~\u{0}\u{7}\u{FEFF}é😀")

    static func mutate(_ text: String, using generator: inout SplitMix64) -> String {
        var characters = Array(text)
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let index = characters.isEmpty ? 0 : Int.random(in: 0..<characters.count, using: &generator)
            let replacement = alphabet.randomElement(using: &generator) ?? "x"
            switch Int.random(in: 0..<3, using: &generator) {
            case 0 where !characters.isEmpty: characters.remove(at: index)
            case 1 where !characters.isEmpty: characters[index] = replacement
            default: characters.insert(replacement, at: index)
            }
        }
        return String(characters)
    }

    @Test("2000 mutations of the YAML example and 500 of the JSON one", arguments: [("yaml", 2000), ("json", 500)])
    func neverCrashes(format: String, count: Int) throws {
        let original = try String(
            contentsOfFile: Support.path("Tests/ScenarioFormatTests/Examples/every-key.\(format)"), encoding: .utf8)
        var generator = SplitMix64(seed: 2024)
        var (decoded, rejected) = (0, 0)
        for _ in 0..<count {
            let mutant = Self.mutate(original, using: &generator)
            do {
                _ = try ScenarioLoader.parse(text: mutant, path: "m.\(format)")
                decoded += 1
            } catch let error as ScenarioError {
                rejected += 1
                #expect(!error.diagnostics.isEmpty)
                #expect(error.diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 }, "\(error)")
            }
        }
        #expect(decoded + rejected == count)
        #expect(decoded > 0 && rejected > 0, "mutations should both survive and break: \(decoded)/\(rejected)")
    }

    @Test("pathological inputs are diagnostics, not crashes")
    func pathological() {
        let inputs = [
            String(repeating: "[", count: 200_000), String(repeating: "- ", count: 200_000) + "x",
            String(repeating: "{a: ", count: 100_000), "\u{0}", "schemaVersion: 1\nseed: 99999999999999999999999999",
            "schemaVersion: &a 1\nduration: *a\nvenue: *b", "%YAML 1.2\n---\na: 1\n---\nb: 2",
            "schemaVersion: 1e400\nduration: .inf\nreplications: .nan",
        ]
        for input in inputs {
            #expect(!Support.diagnostics(input).isEmpty)
        }
    }
}
