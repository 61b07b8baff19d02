// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// The value of one OS-profile parameter.
public enum ProfileValue: Hashable, Sendable, CustomStringConvertible {
    case duration(SimDuration)
    case number(Double)
    case flag(Bool)

    public var kind: ProfileValueKind {
        switch self {
        case .duration: .duration
        case .number: .number
        case .flag: .flag
        }
    }

    public var description: String {
        switch self {
        case .duration(let value): Self.durationText(value)
        case .number(let value): value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
        case .flag(let value): value ? "true" : "false"
        }
    }

    /// `30s`, `100ms`, `15m`, `1.1s` — the shortest exact form in the scenario syntax.
    static func durationText(_ value: SimDuration) -> String {
        let ns = value.nanoseconds
        if ns != 0, ns % 60_000_000_000 == 0 { return "\(ns / 60_000_000_000)m" }
        if ns % 1_000_000_000 == 0 { return "\(ns / 1_000_000_000)s" }
        if ns % 1_000_000 == 0 { return "\(ns / 1_000_000)ms" }
        return value.secondsString.replacingZeros() + "s"
    }
}

/// The kinds of profile parameter values.
public enum ProfileValueKind: String, Hashable, Sendable {
    case duration, number, flag
}

extension String {
    /// "1.100000000" → "1.1".
    fileprivate func replacingZeros() -> String {
        guard contains(".") else { return self }
        var text = self
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
