// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// `beaconsim profiles --devices` / `--environments`: the receiving-device profiles and the
/// environment presets with their figures and sources, as text or JSON.
public enum RadioCatalogueListing {
    public static func devices(json: Bool) -> String {
        let names = DeviceCatalogue.profiles.keys.sorted()
        let rows = names.map { name -> (String, DeviceProfile, String) in
            (name, DeviceCatalogue.profiles[name] ?? .reference, DeviceCatalogue.sources[name] ?? "")
        }
        if json {
            return JSONText.object(
                [("generic", deviceJSON(DeviceCatalogue.generic, source: "the measured-power convention (rf.md §7.2)"))]
                    + rows.map { ($0.0, deviceJSON($0.1, source: $0.2)) })
        }
        return
            (["generic (a phone with no device): 0 dB, −95 dBm, ceiling 1"]
            + rows.map { name, device, source in
                "\(name): reportingOffset \(format(device.reportingOffset)) dB, sensitivity \(format(device.sensitivity)) dBm, "
                    + "scanCeiling \(format(device.scanCeiling))"
                    + (device.packetsPerSlot.isFinite ? ", packetsPerSlot \(format(device.packetsPerSlot))" : "")
                    + (device.startupDeadTime > 0 ? ", startupDeadTime \(format(device.startupDeadTime)) s" : "")
                    + "\n    source: \(source)"
            }).joined(separator: "\n")
    }

    public static func environments(json: Bool) -> String {
        let presets = EnvironmentPreset.all.keys.sorted().compactMap { EnvironmentPreset.all[$0] }
        if json {
            return JSONText.object(
                presets.map { preset in
                    (
                        preset.name,
                        JSONText.object([
                            ("pathLossExponent", JSONText.number(preset.pathLossExponent)),
                            ("breakpointDistance", JSONText.number(preset.breakpointDistance)),
                            ("farPathLossExponent", JSONText.number(preset.farExponent)),
                            ("shadowingSigma", JSONText.number(preset.shadowingSigma)),
                            ("decorrelationDistance", JSONText.number(preset.decorrelationDistance)),
                            ("ricianKFactorDB", JSONText.number(preset.ricianKFactorDB)),
                            ("source", JSONText.string(preset.source)),
                        ])
                    )
                })
        }
        return presets.map { preset in
            let slope =
                preset.breakpointDistance > 0
                ? "n \(format(preset.pathLossExponent)) to \(format(preset.breakpointDistance)) m, then \(format(preset.farExponent))"
                : "n \(format(preset.pathLossExponent))"
            return
                "\(preset.name): \(slope), σ \(format(preset.shadowingSigma)) dB, d_c \(format(preset.decorrelationDistance)) m, "
                + "K \(format(preset.ricianKFactorDB)) dB\n    source: \(preset.source)"
        }.joined(separator: "\n")
    }

    private static func deviceJSON(_ device: DeviceProfile, source: String) -> String {
        var fields: [(String, String)] = [
            ("reportingOffset", JSONText.number(device.reportingOffset)),
            ("sensitivity", JSONText.number(device.sensitivity)),
            ("scanCeiling", JSONText.number(device.scanCeiling)),
            ("packetsPerSlot", device.packetsPerSlot.isFinite ? JSONText.number(device.packetsPerSlot) : "null"),
        ]
        if device.startupDeadTime > 0 { fields.append(("startupDeadTime", JSONText.number(device.startupDeadTime))) }
        fields.append(("source", JSONText.string(source)))
        return JSONText.object(fields)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
