// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The read model of a results folder's `manifest.json` as the report's header shows it (what
/// Reporting's `RunManifest.text` writes, and the check, sweep, compare and plan manifests): the
/// facts in the header's table, the scenario's name (or the compared scenarios') and, for a
/// replication `check --keep-timelines` kept, its number. Every key is optional; a value of the
/// wrong kind is a located error (`ReadModelFile`).
struct ManifestFacts: Decodable, Equatable {
    var command: Fact?
    var version: Fact?
    var scenario: String?
    var scenarioPath: Fact?
    var scenarioHash: Fact?
    var seed: Fact?
    var replications: Fact?
    var startedAt: Fact?
    /// The replication a kept timeline's run folder holds.
    var replication: Fact?
    /// A comparison's scenarios, in order.
    var scenarios: [Scenario]?

    struct Scenario: Decodable, Equatable {
        var scenario: String?
    }

    /// The facts of the header's table, in its order (absent ones left out).
    var table: [(key: String, value: Fact)] {
        [
            ("command", command), ("version", version), ("scenarioPath", scenarioPath), ("scenarioHash", scenarioHash),
            ("seed", seed), ("replications", replications), ("startedAt", startedAt),
        ]
        .compactMap { key, value in value.map { (key, $0) } }
    }

    /// A fact as written: text, or a whole number (a seed is a `UInt64`, so may not fit an `Int64`).
    enum Fact: Decodable, Equatable, CustomStringConvertible {
        case text(String)
        case integer(Int64)
        case unsigned(UInt64)
        case number(Double)
        case flag(Bool)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let text = try? value.decode(String.self) {
                self = .text(text)
            } else if let flag = try? value.decode(Bool.self) {
                self = .flag(flag)
            } else if let integer = try? value.decode(Int64.self) {
                self = .integer(integer)
            } else if let unsigned = try? value.decode(UInt64.self) {
                self = .unsigned(unsigned)
            } else {
                self = .number(try value.decode(Double.self))
            }
        }

        var description: String {
            switch self {
            case .text(let text): text
            case .integer(let integer): String(integer)
            case .unsigned(let unsigned): String(unsigned)
            case .number(let number): "\(number)"
            case .flag(let flag): String(flag)
            }
        }
    }

    /// Decodes `text`, the contents of the manifest.json at `path`.
    static func decode(_ text: String, path: String) throws -> ManifestFacts {
        try ReadModelFile.decode(ManifestFacts.self, from: text, path: path, what: "a manifest.json")
    }
}
