// SPDX-License-Identifier: GPL-3.0-or-later

/// A phone-profile parameter set in the scenario: `overrides: { exitHysteresis: 20s }`.
public struct ParameterOverride: Sendable, Equatable {
    public var key: String
    public var value: ParameterValue
    public var location: SourceLocation

    public init(key: String, value: ParameterValue, location: SourceLocation = .unknown) {
        self.key = key
        self.value = value
        self.location = location
    }
}

/// A decoded parameter value, typed by the catalogue's `ParameterKind` for its key.
public enum ParameterValue: Sendable, Equatable {
    case number(Double)
    /// Nanoseconds.
    case duration(Int64)
    case flag(Bool)
    case text(String)
}

/// The kind of value a profile parameter takes.
public enum ParameterKind: String, Sendable, Equatable {
    case number, duration, flag, text
}

/// The profiles a scenario may name and the parameters each accepts, supplied by the phone model
/// so that unknown profiles and keys are reported with the file's other diagnostics.
public struct ParameterCatalogue: Sendable, Equatable {
    /// Profile name → parameter name → kind; empty = any profile and any key.
    public var profiles: [String: [String: ParameterKind]]
    /// Built-in environment preset names `venue.environment` may use; empty = any name.
    public var environments: Set<String>
    /// Built-in wall material names; a wall may also use one declared in `venue.materials`.
    /// Empty = any name.
    public var materials: Set<String>
    /// Built-in receiving-device names `phones[].device` may use besides those under `devices:`.
    /// Empty = any name.
    public var devices: Set<String>

    public init(
        profiles: [String: [String: ParameterKind]], environments: Set<String> = [], materials: Set<String> = [],
        devices: Set<String> = []
    ) {
        self.profiles = profiles
        self.environments = environments
        self.materials = materials
        self.devices = devices
    }

    /// A catalogue that accepts any profile, key, environment and material (values decoded by
    /// their look).
    public static let permissive = ParameterCatalogue(profiles: [:])
}
