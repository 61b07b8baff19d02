// SPDX-License-Identifier: GPL-3.0-or-later

/// Radio settings, device profiles and beacons' report shares from a file of their own, such as
/// the `radio.yaml` that `beaconsim fit` writes: imported by a scenario (`imports:`, under the
/// scenario's own settings) or laid over one (`predict --radio`, over the scenario's settings).
public struct RadioFragment: Sendable, Equatable {
    public var radio: RadioSpec
    public var devices: [String: DeviceSpec]
    /// Beacon name → `reportShare` (0 < r ≤ 1).
    public var reportShares: [String: Double]

    public init(radio: RadioSpec = RadioSpec(), devices: [String: DeviceSpec] = [:], reportShares: [String: Double] = [:]) {
        self.radio = radio
        self.devices = devices
        self.reportShares = reportShares
    }

    /// Reads `radio`, `devices`, `reportShares` and `source` from a YAML file; throws
    /// `ScenarioError` with every problem found (`file:line:col: error: …`), a report share for a
    /// beacon not in `beacons` among them (when given).
    public static func load(path: String, beacons: Set<String>? = nil) throws -> RadioFragment {
        try _RadioFragment.load(path: path, beacons: beacons)
    }
}

extension Scenario {
    /// The scenario with `fragment` laid over it: the fragment's settings, device fields and
    /// report shares win.
    public func overlaid(with fragment: RadioFragment) -> Scenario {
        var copy = self
        copy.radio = fragment.radio.filling(from: radio)
        copy.devices.merge(fragment.devices) { own, laid in laid.filling(from: own) }
        for index in copy.beacons.indices {
            if let share = fragment.reportShares[copy.beacons[index].name] { copy.beacons[index].reportShare = share }
        }
        return copy
    }
}
