// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// One named, overridable parameter of `OSProfile`, with typed access to its field.
public struct ProfileParameter: Sendable {
    public let key: String
    public let kind: ProfileValueKind
    /// What the parameter means, with its unit.
    public let meaning: String
    let read: @Sendable (OSProfile) -> ProfileValue
    let write: @Sendable (inout OSProfile, ProfileValue) -> Bool

    /// The parameter's value in `profile`.
    public func value(in profile: OSProfile) -> ProfileValue { read(profile) }

    /// Sets the value; false when `value` is of the wrong kind or out of range.
    public func set(_ value: ProfileValue, in profile: inout OSProfile) -> Bool { write(&profile, value) }

    static func duration(
        _ key: String, _ path: WritableKeyPath<OSProfile, SimDuration> & Sendable, _ meaning: String
    ) -> ProfileParameter {
        ProfileParameter(
            key: key, kind: .duration, meaning: meaning, read: { .duration($0[keyPath: path]) },
            write: { profile, value in
                guard case .duration(let duration) = value, duration >= .zero else { return false }
                profile[keyPath: path] = duration
                return true
            })
    }

    static func number(
        _ key: String, _ path: WritableKeyPath<OSProfile, Double> & Sendable, _ range: ClosedRange<Double>, _ meaning: String
    ) -> ProfileParameter {
        ProfileParameter(
            key: key, kind: .number, meaning: meaning, read: { .number($0[keyPath: path]) },
            write: { profile, value in
                guard case .number(let number) = value, range.contains(number) else { return false }
                profile[keyPath: path] = number
                return true
            })
    }

    static func flag(_ key: String, _ path: WritableKeyPath<OSProfile, Bool> & Sendable, _ meaning: String) -> ProfileParameter {
        ProfileParameter(
            key: key, kind: .flag, meaning: meaning, read: { .flag($0[keyPath: path]) },
            write: { profile, value in
                guard case .flag(let flag) = value else { return false }
                profile[keyPath: path] = flag
                return true
            })
    }
}
