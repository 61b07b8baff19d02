// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// What a node looks like, judged from its text and quoting rather than Yams' tags, so that YAML
/// and JSON files read the same way and YAML 1.1 words (`on`, `yes`) count as booleans.
enum _NodeKind: Equatable {
    case mapping, sequence, null
    case boolean(Bool)
    case number(Double)
    case string(String)

    init(_ node: Node) {
        switch node {
        case .mapping: self = .mapping
        case .sequence: self = .sequence
        case .alias: self = .null
        case .scalar(let scalar):
            guard scalar.style == .plain || scalar.style == .any else {
                self = .string(scalar.string)
                return
            }
            self = _NodeKind(plainText: scalar.string)
        }
    }

    /// The kind of an unquoted scalar.
    init(plainText text: String) {
        switch text.lowercased() {
        case "", "~", "null": self = .null
        case "true", "yes", "on": self = .boolean(true)
        case "false", "no", "off": self = .boolean(false)
        default: self = _NodeKind.number(in: text).map(_NodeKind.number) ?? .string(text)
        }
    }

    /// A finite number written in decimal or exponent notation (`-59`, `2.2`, `1e-3`), or nil.
    static func number(in text: String) -> Double? {
        let allowed = text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
        guard allowed, text.contains(where: \.isNumber), let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The kind as a message names it: "found a mapping".
    var description: String {
        switch self {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .null: "nothing (null)"
        case .boolean: "a boolean"
        case .number: "a number"
        case .string(let text): "the string '\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        }
    }
}
