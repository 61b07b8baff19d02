// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// One named, overridable parameter of `OSProfile`: its key, the kind and range of value it takes,
/// and what it means. Values are read and written through the profile's flat `ProfileSettings`.
public struct ProfileParameter: Sendable {
    /// The key's name in scenarios and listings.
    public var key: String { name.rawValue }
    public let name: ProfileKey
    public let kind: ProfileValueKind
    /// What the parameter means, with its unit.
    public let meaning: String
    /// What the error message says the parameter expects ("duration", "whole number", …).
    let expectation: String
    private let accepts: @Sendable (ProfileValue) -> Bool

    /// The parameter's value in `profile` (for a mode the profile does not use, the value an
    /// override that switches the mode on starts from).
    public func value(in profile: OSProfile) -> ProfileValue { profile.settings[name] }

    /// Whether `value` is of the parameter's kind and in its range.
    public func accepts(_ value: ProfileValue) -> Bool { accepts(value) }

    static func duration(_ name: ProfileKey, _ meaning: String) -> ProfileParameter {
        ProfileParameter(
            name: name, kind: .duration, meaning: meaning, expectation: "duration",
            accepts: { value in
                guard case .duration(let duration) = value else { return false }
                return duration >= .zero
            })
    }

    static func number(_ name: ProfileKey, _ range: ClosedRange<Double>, _ meaning: String) -> ProfileParameter {
        ProfileParameter(
            name: name, kind: .number, meaning: meaning, expectation: "number",
            accepts: { value in
                guard case .number(let number) = value else { return false }
                return range.contains(number)
            })
    }

    /// A count: a number that must be whole (the model stores it as an `Int`).
    static func count(_ name: ProfileKey, _ range: ClosedRange<Int>, _ meaning: String) -> ProfileParameter {
        ProfileParameter(
            name: name, kind: .number, meaning: meaning, expectation: "whole number",
            accepts: { value in
                guard case .number(let number) = value, number == number.rounded() else { return false }
                return Double(range.lowerBound) <= number && number <= Double(range.upperBound)
            })
    }

    static func flag(_ name: ProfileKey, _ meaning: String) -> ProfileParameter {
        ProfileParameter(
            name: name, kind: .flag, meaning: meaning, expectation: "flag",
            accepts: { value in
                if case .flag = value { true } else { false }
            })
    }
}
