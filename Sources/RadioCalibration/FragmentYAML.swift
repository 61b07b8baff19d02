// SPDX-License-Identifier: GPL-3.0-or-later
internal import Reporting
internal import ScenarioFormat

/// radio.yaml: the fitted settings, devices and beacons' report shares as a scenario fragment (`imports:` or `predict
/// --radio`), with the survey and the fit recorded under `source:`.
enum FragmentYAML {
    static func text(_ fit: RadioFit, survey: String, venue: String, options: RadioFitter.Options) -> String {
        let radio = fit.fragment.radio
        let number = { (value: Double) in JSONText.number(value) }
        var lines = [
            "# Radio fragment fitted by `beaconsim fit` (see docs/radio-model.md, \"Fitting a venue\").",
            "# Import it into a scenario of this venue (`imports: [radio.yaml]`; the scenario's own radio",
            "# settings win) or lay it over one (`beaconsim predict SCENARIO POINTS.csv --radio radio.yaml`).",
            "source:",
            "  survey: \(JSONText.string(survey))",
            "  venue: \(JSONText.string(venue))",
            "  command: \(JSONText.string("beaconsim fit \(venue) \(survey) --holdout-fraction \(number(options.holdoutFraction)) --seed \(options.seed)"))",
            "  points: { fit: \(fit.fitPoints.count), heldOut: \(fit.heldOutPoints.count) }",
            "  rmseMeanRSSI: { fit: \(fit.fitScore.rmse.map(number) ?? "null"), heldOut: \(fit.heldOutScore?.rmse.map(number) ?? "null") }",
            "radio:",
        ]
        let settings: [(String, Double?)] = [
            ("measuredPowerOffset", radio.measuredPowerOffset), ("pathLossExponent", radio.pathLossExponent),
            ("breakpointDistance", radio.breakpointDistance), ("farPathLossExponent", radio.farPathLossExponent),
            ("shadowingSigma", radio.shadowingSigma), ("decorrelationDistance", radio.decorrelationDistance),
            ("ricianKFactor", radio.ricianKFactor), ("beaconHeight", radio.beaconHeight), ("phoneHeight", radio.phoneHeight),
        ]
        for (key, value) in settings { if let value { lines.append("  \(key): \(number(value))") } }
        if !radio.materials.isEmpty {
            lines.append("  materials:")
            for (name, loss) in radio.materials.sorted(by: { $0.key < $1.key }) {
                lines.append("    \(JSONText.string(name)): \(number(loss))")
            }
        }
        if !fit.fragment.devices.isEmpty {
            lines.append("devices:")
            for (name, device) in fit.fragment.devices.sorted(by: { $0.key < $1.key }) {
                let fields = [
                    device.reportingOffset.map { "reportingOffset: \(number($0))" },
                    device.sensitivity.map { "sensitivity: \(number($0))" },
                    device.scanCeiling.map { "scanCeiling: \(number($0))" },
                    device.packetsPerSlot.map { "packetsPerSlot: \(number($0))" },
                    device.startupDeadTime.map { "startupDeadTime: \(number($0))" },
                ].compactMap { $0 }
                lines.append("  \(JSONText.string(name)): { \(fields.joined(separator: ", ")) }")
            }
        }
        if !fit.fragment.reportShares.isEmpty {
            lines.append("reportShares:")
            for (name, share) in fit.fragment.reportShares.sorted(by: { $0.key < $1.key }) {
                lines.append("  \(JSONText.string(name)): \(number(share))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
