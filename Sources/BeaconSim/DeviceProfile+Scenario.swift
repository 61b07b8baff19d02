// SPDX-License-Identifier: GPL-3.0-or-later
public import RadioPropagation
public import ScenarioFormat

extension DeviceProfile {
    /// The profile of device `name` in `scenario`: the built-in profile (or, for a name only the
    /// scenario's `devices:` knows, the generic phone), then the `devices:` entry's fields over it.
    /// nil when the name is neither built in nor under `devices:`. `nil` name = the generic phone,
    /// whose threshold is `radio.sensitivity`.
    public init?(named name: String?, in scenario: Scenario, configuration: RadioConfiguration) {
        var generic = DeviceCatalogue.generic
        generic.sensitivity = configuration.sensitivity
        guard let name else {
            self = generic
            return
        }
        guard let base = DeviceCatalogue.profiles[name] ?? (scenario.devices[name] != nil ? generic : nil) else {
            return nil
        }
        self = base
        if let entry = scenario.devices[name] {
            if let value = entry.reportingOffset { reportingOffset = value }
            if let value = entry.sensitivity { sensitivity = value }
            if let value = entry.scanCeiling { scanCeiling = value }
            if let value = entry.packetsPerSlot { packetsPerSlot = value }
            if let value = entry.startupDeadTime { startupDeadTime = value }
        }
    }
}
