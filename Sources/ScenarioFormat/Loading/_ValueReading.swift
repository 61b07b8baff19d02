// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// Typed readers of single values: each returns nil and records a diagnostic naming `key` when
/// the node is of the wrong kind or out of range.
extension _DecodingContext {
    /// Records "expected X for 'key', found Y" at `node`.
    func mismatch(_ expected: String, for key: String, at node: Node) {
        error("expected \(expected) for '\(key)', found \(_NodeKind(node).description)", at: node)
    }

    /// Any scalar as text (numbers and booleans as written); null and collections are errors.
    func string(_ node: Node, for key: String) -> String? {
        guard case .scalar(let scalar) = node, _NodeKind(node) != .null else {
            mismatch("a string", for: key, at: node)
            return nil
        }
        return scalar.string
    }

    /// A non-empty name.
    func name(_ node: Node, for key: String) -> String? {
        guard let text = string(node, for: key) else { return nil }
        guard !text.isEmpty else {
            error("'\(key)' must not be empty", at: node)
            return nil
        }
        return text
    }

    /// A finite number.
    func number(_ node: Node, for key: String) -> Double? {
        guard case .number(let value) = _NodeKind(node) else {
            mismatch("a number", for: key, at: node)
            return nil
        }
        return value
    }

    /// A number within `range` (inclusive), messages stating the range.
    func number(_ node: Node, for key: String, in range: ClosedRange<Double>) -> Double? {
        guard let value = number(node, for: key) else { return nil }
        return checkRange(value, range, for: key, at: node)
    }

    /// A power or loss: a number, or a string with the unit suffix (`"-59dBm"`, `"3dB"`).
    func power(_ node: Node, for key: String, unit: String, in range: ClosedRange<Double>) -> Double? {
        var kind = _NodeKind(node)
        if case .string(let text) = kind {
            let trimmed = text.trimmingSpaces
            if trimmed.lowercased().hasSuffix(unit.lowercased()) {
                kind = _NodeKind(plainText: String(trimmed.dropLast(unit.count)).trimmingSpaces)
            }
        }
        guard case .number(let value) = kind else {
            if case .string = kind {
                error(
                    "expected a number of \(unit) for '\(key)' (e.g. -59 or \"-59\(unit)\"), found \(kind.description)",
                    at: node)
            } else {
                mismatch("a number", for: key, at: node)
            }
            return nil
        }
        return checkRange(value, range, for: key, at: node)
    }

    private func checkRange(_ value: Double, _ range: ClosedRange<Double>, for key: String, at node: Node) -> Double? {
        guard range.contains(value) else {
            let bounds =
                range.upperBound == .infinity
                ? ">= \(range.lowerBound.plainText)"
                : "in [\(range.lowerBound.plainText), \(range.upperBound.plainText)]"
            error("'\(key)' must be \(bounds), found \(value.plainText)", at: node)
            return nil
        }
        return value
    }

    /// `true`/`false`, also `on`/`off` and `yes`/`no`, quoted or not.
    func bool(_ node: Node, for key: String) -> Bool? {
        var kind = _NodeKind(node)
        if case .string(let text) = kind { kind = _NodeKind(plainText: text) }
        guard case .boolean(let value) = kind else {
            mismatch("a boolean (true or false)", for: key, at: node)
            return nil
        }
        return value
    }

    /// An integer within `range`; too large or fractional values are errors, never traps.
    func integer(_ node: Node, for key: String, in range: ClosedRange<Int>) -> Int? {
        guard case .number = _NodeKind(node), case .scalar(let scalar) = node else {
            mismatch("an integer", for: key, at: node)
            return nil
        }
        guard let value = Int(scalar.string), range.contains(value) else {
            let isWhole = scalar.string.dropFirst(scalar.string.hasPrefix("-") ? 1 : 0).allSatisfy(\.isNumber)
            error(
                isWhole
                    ? "'\(key)' must be an integer in \(range.lowerBound)...\(range.upperBound), found \(scalar.string)"
                    : "expected an integer for '\(key)', found \(scalar.string)", at: node)
            return nil
        }
        return value
    }

    /// An unsigned 64-bit integer (seeds).
    func unsigned64(_ node: Node, for key: String) -> UInt64? {
        guard case .number = _NodeKind(node), case .scalar(let scalar) = node else {
            mismatch("an integer", for: key, at: node)
            return nil
        }
        guard let value = UInt64(scalar.string) else {
            error("'\(key)' must be an integer in 0...\(UInt64.max), found \(scalar.string)", at: node)
            return nil
        }
        return value
    }

    /// A duration with a unit, in nanoseconds, within `range` (default: not negative and at most
    /// `ScenarioLimits.maximumSpan`).
    func duration(_ node: Node, for key: String, in range: ClosedRange<Int64> = 0...ScenarioLimits.maximumSpan)
        -> Int64?
    {
        guard case .scalar(let scalar) = node, _NodeKind(node) != .null else {
            mismatch("a duration such as 30s", for: key, at: node)
            return nil
        }
        switch DurationParser.nanoseconds(scalar.string) {
        case .failure(let failure):
            error("'\(key)': \(failure.message)", at: node)
            return nil
        case .success(let value):
            guard range.contains(value) else {
                let bounds =
                    range.upperBound == ScenarioLimits.maximumSpan
                    ? (range.lowerBound == 1 ? "> 0" : ">= \(range.lowerBound.durationText)")
                        + " and at most \(range.upperBound.durationText) (the longest simulated span)"
                    : "in [\(range.lowerBound.durationText), \(range.upperBound.durationText)]"
                error("'\(key)' must be \(bounds), found \(scalar.string.trimmingSpaces)", at: node)
                return nil
            }
            return value
        }
    }

    /// One of `E`'s raw values.
    func choice<E: RawRepresentable & CaseIterable>(_ node: Node, for key: String, as _: E.Type) -> E?
    where E.RawValue == String {
        guard let text = string(node, for: key) else { return nil }
        return oneOf(E.allCases.map(\.rawValue), text, for: key, at: node).flatMap(E.init(rawValue:))
    }

    /// `text` when it is one of `names`; otherwise an error listing them, with a suggestion.
    func oneOf(_ names: [String], _ text: String, for key: String, at node: Node) -> String? {
        guard names.contains(text) else {
            error(
                "unknown value '\(text)' for '\(key)'\(_Suggestion.hint(for: text, among: names)) "
                    + "(expected one of: \(names.joined(separator: ", ")))", at: node)
            return nil
        }
        return text
    }

    /// The items of a list (at most `ScenarioLimits.maximumItemsPerList`).
    func list(_ node: Node, for key: String) -> [Node]? {
        guard case .sequence(let sequence) = node else {
            mismatch("a list", for: key, at: node)
            return nil
        }
        guard sequence.count <= ScenarioLimits.maximumItemsPerList else {
            error(
                "'\(key)' has \(sequence.count) items; at most \(ScenarioLimits.maximumItemsPerList) are accepted",
                at: node)
            return nil
        }
        return Array(sequence)
    }

    /// A point `[x, y]` in metres.
    func point(_ node: Node, for key: String) -> Point2D? {
        guard case .sequence(let sequence) = node else {
            mismatch("a point [x, y]", for: key, at: node)
            return nil
        }
        guard sequence.count == 2 else {
            error("expected a point [x, y] for '\(key)', found a list of \(sequence.count) items", at: node)
            return nil
        }
        let items = Array(sequence)
        guard let x = number(items[0], for: key), let y = number(items[1], for: key) else { return nil }
        return Point2D(x: x, y: y)
    }
}
