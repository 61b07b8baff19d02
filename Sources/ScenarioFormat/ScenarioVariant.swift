// SPDX-License-Identifier: GPL-3.0-or-later

/// A named variant under `variants:`: the scenario with a few fields set (settable paths as in
/// `sweep:`, plus lists such as a phone's `app.rules`). Variants run with the same seeds and
/// replication numbers as the scenario itself, so every entity draws the same random streams
/// (common random numbers) and claims can compare them replication by replication (`versus:`).
public struct ScenarioVariant: Sendable, Equatable {
    /// The name claims use (`variant: withTask`).
    public var name: String
    /// The paths it sets, in file order.
    public var paths: [String]
    /// The scenario with the settings applied (its own `variants` and `expect` empty).
    public var scenario: Scenario

    /// The name that stands for the scenario as written (`variant: base`).
    public static let baseName = "base"

    public init(name: String, paths: [String], scenario: Scenario) {
        self.name = name
        self.paths = paths
        self.scenario = scenario
    }
}

extension Scenario {
    /// The scenario a claim side runs on: itself for nil or `base`, else the named variant.
    public func variant(_ name: String?) -> Scenario? {
        guard let name, name != ScenarioVariant.baseName else { return self }
        return variants.first { $0.name == name }?.scenario
    }
}
