// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import RadioPropagation
public import ScenarioFormat

extension ParameterCatalogue {
    /// What the models accept — built-in OS profiles with every overridable parameter, environment
    /// presets, wall materials — so the loader reports unknown names with the file's other
    /// diagnostics.
    public static let standard: ParameterCatalogue = {
        let parameters = Dictionary(
            uniqueKeysWithValues: ProfileParameter.all.map { parameter -> (String, ParameterKind) in
                let kind: ParameterKind =
                    switch parameter.kind {
                    case .duration: .duration
                    case .number: .number
                    case .flag: .flag
                    }
                return (parameter.key, kind)
            })
        return ParameterCatalogue(
            profiles: Dictionary(uniqueKeysWithValues: ProfileCatalogue.all.map { ($0.name, parameters) }),
            environments: Set(EnvironmentPreset.all.keys),
            materials: Set(Material.allCases.map(\.rawValue)), devices: Set(DeviceCatalogue.profiles.keys))
    }()
}
