// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import PhoneModel
import Reporting

struct ProfilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "List the OS profiles with every parameter, its value and its source.",
        discussion: """
            Any parameter can be overridden in a scenario: phones[].overrides: { KEY: VALUE }. A parameter marked \
            as not used belongs to a mode the profile does not use; its flag switches that mode on.
            """)

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "List the receiving-device profiles (phones[].device) with their sources instead.")
    var devices = false

    @Flag(help: "List the environment presets (venue.environment) with their sources instead.")
    var environments = false

    @Flag(
        help:
            "List the phone makers' behaviour overlays (phones[].maker) and the Android standby buckets (app.standbyBucket) with their sources instead."
    )
    var makers = false

    @Argument(help: "Only these profiles.")
    var names: [String] = []

    func run() throws {
        if devices || environments {
            print(devices ? RadioCatalogueListing.devices(json: json) : RadioCatalogueListing.environments(json: json))
            return
        }
        if makers {
            print(PressureListing.text(json: json))
            return
        }
        let known = ProfileCatalogue.all.map(\.name)
        let unknown = names.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw CommandError(
                "error: unknown profile " + unknown.map { "'\($0)'" }.joined(separator: ", ") + "; profiles: "
                    + known.joined(separator: ", "))
        }
        let profiles = ProfileCatalogue.all.filter { names.isEmpty || names.contains($0.name) }
        if json {
            print(
                JSONText.array(
                    profiles.map { profile in
                        JSONText.object([
                            ("name", JSONText.string(profile.name)),
                            ("platform", JSONText.string(profile.platform.rawValue)),
                            ("summary", JSONText.string(profile.summary)),
                            ("changes", JSONText.array(profile.changes.map(JSONText.string))),
                            (
                                "parameters",
                                JSONText.array(
                                    ProfileParameter.all.map { parameter in
                                        JSONText.object([
                                            ("key", JSONText.string(parameter.key)),
                                            ("kind", JSONText.string(parameter.kind.rawValue)),
                                            ("value", JSONText.string(parameter.value(in: profile).description)),
                                            ("meaning", JSONText.string(parameter.meaning)),
                                            ("source", JSONText.string(profile.sources[parameter.key] ?? "")),
                                            ("inEffect", profile.parametersInEffect.contains(parameter.name) ? "true" : "false"),
                                        ])
                                    })
                            ),
                        ])
                    }))
            return
        }
        for profile in profiles {
            print("\(profile.name) — \(profile.summary)")
            for change in profile.changes { print("  changed: \(change)") }
            let inEffect = profile.parametersInEffect
            for parameter in ProfileParameter.all {
                let value = parameter.value(in: profile).description
                let unused = inEffect.contains(parameter.name) ? "" : "  (not used by this profile's modes)"
                print("  \(parameter.key) = \(value)\(unused)")
                print("      \(parameter.meaning); source: \(profile.sources[parameter.key] ?? "none")")
            }
            print("")
        }
    }
}
