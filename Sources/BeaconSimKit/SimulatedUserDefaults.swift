// SPDX-License-Identifier: GPL-3.0-or-later

/// A small `UserDefaults`: values the app stores survive the app being killed and relaunched
/// (one store per phone and run). In-memory state of the app object does not survive a kill.
public final class SimulatedUserDefaults {
    private var values: [String: Double] = [:]

    init() {}

    /// The stored number, 0 when none (as `UserDefaults.double(forKey:)`).
    public func double(forKey key: String) -> Double { values[key] ?? 0 }

    /// The stored number, nil when none.
    public func value(forKey key: String) -> Double? { values[key] }

    public func set(_ value: Double, forKey key: String) { values[key] = value }

    public func removeObject(forKey key: String) { values[key] = nil }
}
