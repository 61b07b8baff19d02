// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import Experiments

/// The read model of a check or sweep manifest: every field checked against what the writer
/// could have produced (issue 30: tampered shard folders trapped `merge`).
@Suite("experiment manifests read back")
struct ExperimentManifestTests {
    static let valid: [String: String] = [
        "kind": #""check""#, "scenarioPath": #""s.yaml""#, "scenarioHash": "\"\(String(repeating: "a", count: 64))\"",
        "seed": "1", "replications": "4", "shard": #"{"index":0,"count":2}"#, "axes": "[]", "items": "4",
        "finished": "2", "interrupted": "false", "mergedFrom": "0",
    ]

    /// The manifest with `changes` applied, decoded and checked: nil when it is accepted, else the problem.
    static func problem(_ changes: [String: String]) throws -> String? {
        let fields = valid.merging(changes) { $1 }.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }
        let manifest = try JSONDecoder().decode(
            ExperimentManifest.self, from: Data(("{" + fields.joined(separator: ",") + "}").utf8))
        return manifest.problem
    }

    @Test("a manifest as the writer makes it is accepted")
    func accepted() throws { #expect(try Self.problem([:]) == nil) }

    @Test(
        "values the writer could not have produced are refused with the field named",
        arguments: [
            (["shard": #"{"index":0,"count":-3}"#], "shard.count: -3 is outside 1…1000000"),
            (["shard": #"{"index":5,"count":2}"#], "shard.index: 5 is outside 0…1"),
            (["replications": "9223372036854775807"], "replications: 9223372036854775807 is outside 1…1000000"),
            (["kind": #""merge""#], "kind: 'merge' is neither check nor sweep"),
            (["scenarioHash": #""../../etc/passwd""#], "scenarioHash: not a SHA-256 (64 hexadecimal digits)"),
            (["items": "5"], "items: 5, but axes × replications is 4"),
            (["finished": "-1"], "finished: -1 is outside 0…4"),
            (
                [
                    "axes": "["
                        + Array(repeating: #"{"path":"p","values":["1","2","3","4","5","6","7","8","9","10"]}"#, count: 7)
                        .joined(separator: ",") + "]"
                ],
                "axes × replications: more than 1000000 work items, the most an experiment has"
            ),
        ] as [([String: String], String)])
    func refused(changes: [String: String], message: String) throws {
        #expect(try Self.problem(changes) == message)
    }
}
