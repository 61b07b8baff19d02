// SPDX-License-Identifier: GPL-3.0-or-later

/// Radio settings and device profiles from a file of their own, such as the `radio.yaml` that
/// `beaconsim fit` writes: imported by a scenario (`imports:`, under the scenario's own settings)
/// or laid over one (`predict --radio`, over the scenario's settings).
public struct RadioFragment: Sendable, Equatable {
    public var radio: RadioSpec
    public var devices: [String: DeviceSpec]

    public init(radio: RadioSpec = RadioSpec(), devices: [String: DeviceSpec] = [:]) {
        self.radio = radio
        self.devices = devices
    }

    /// Reads `radio`, `devices` and `source` from a YAML file; throws `ScenarioError` with every
    /// problem found (`file:line:col: error: …`).
    public static func load(path: String) throws -> RadioFragment { try _RadioFragment.load(path: path) }
}

extension Scenario {
    /// The scenario with `fragment` laid over it: the fragment's settings and device fields win.
    public func overlaid(with fragment: RadioFragment) -> Scenario {
        var copy = self
        copy.radio = fragment.radio.filling(from: radio)
        copy.devices.merge(fragment.devices) { own, laid in laid.filling(from: own) }
        return copy
    }
}
