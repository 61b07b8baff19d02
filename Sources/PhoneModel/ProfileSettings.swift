// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// The flat view of an `OSProfile`: a value for every `ProfileKey`, as `beaconsim profiles` prints
/// them and scenario overrides edit them. `OSProfile.settings` flattens a profile's modes into
/// it, `OSProfile(rebuilding:from:)` turns it back into modes (flags choose the modes, the
/// chosen modes take their parameters; the rest are dropped).
///
/// A parameter of a mode the profile does not use holds the value an override that switches the
/// mode on starts from (`modeDefaults`).
public struct ProfileSettings: Hashable, Sendable {
    private var values: [ProfileKey: ProfileValue]

    init(_ values: [ProfileKey: ProfileValue]) { self.values = values }

    /// The value of `key`. Settings made by `OSProfile.settings` hold every key.
    public subscript(key: ProfileKey) -> ProfileValue {
        get {
            guard let value = values[key] else { preconditionFailure("profile settings without \(key)") }
            return value
        }
        set { values[key] = newValue }
    }

    func duration(_ key: ProfileKey) -> SimDuration {
        guard case .duration(let value) = self[key] else { preconditionFailure("\(key) is not a duration") }
        return value
    }

    func number(_ key: ProfileKey) -> Double {
        guard case .number(let value) = self[key] else { preconditionFailure("\(key) is not a number") }
        return value
    }

    /// A whole number (the parameter's range keeps it well inside `Int`).
    func count(_ key: ProfileKey) -> Int { Int(number(key)) }

    func flag(_ key: ProfileKey) -> Bool {
        guard case .flag(let value) = self[key] else { preconditionFailure("\(key) is not a flag") }
        return value
    }

    func duty(_ window: ProfileKey, _ interval: ProfileKey) -> ScanDuty {
        ScanDuty(window: duration(window), interval: duration(interval))
    }

    mutating func set(_ duty: ScanDuty, _ window: ProfileKey, _ interval: ProfileKey) {
        self[window] = .duration(duty.window)
        self[interval] = .duration(duty.interval)
    }
}
