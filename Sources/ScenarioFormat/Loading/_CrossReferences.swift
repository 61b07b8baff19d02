// SPDX-License-Identifier: GPL-3.0-or-later

/// The pass after the structural one: every name used by reference (zones, materials, rule and
/// claim regions, claim phones) must be declared. Its diagnostics join the structural ones.
enum _CrossReferences {
    static func check(_ context: _DecodingContext) {
        let declared = context.declared
        for reference in context.references {
            switch reference.kind {
            case .zone:
                guard declared.venueRead else { continue }
                require(reference, in: declared.zones, what: "zone", listedAs: "venue zones", context: context)
            case .material:
                let builtIn = context.catalogue.materials
                guard declared.venueRead, !builtIn.isEmpty else { continue }
                require(
                    reference, in: builtIn.union(declared.materials), what: "material",
                    listedAs: "built-in and venue materials", context: context)
            case .device:
                let builtIn = context.catalogue.devices
                guard !builtIn.isEmpty else { continue }
                require(
                    reference, in: builtIn.union(declared.devices), what: "device",
                    listedAs: "built-in devices and `devices:`", context: context)
            case .ruleRegion(let phoneIndex):
                require(
                    reference, in: declared.regionsByPhoneIndex[phoneIndex] ?? [], what: "region",
                    listedAs: "this app's regions", context: context)
            case .claimPhone:
                require(reference, in: declared.phones, what: "phone", listedAs: "phones", context: context)
            case .claimRegion(let phone?):
                // An unknown phone is reported by its own reference.
                guard let regions = declared.regionsByPhone[phone] else { continue }
                require(
                    reference, in: regions, what: "region", listedAs: "regions of phone '\(phone)'", context: context)
            case .claimVariant:
                require(
                    reference, in: declared.variants, what: "variant",
                    listedAs: "variants, besides '\(ScenarioVariant.baseName)'", context: context)
            case .claimRegion(nil):
                let all = declared.regionsByPhoneIndex.values.reduce(into: Set<String>()) { $0.formUnion($1) }
                require(reference, in: all, what: "region", listedAs: "regions of any phone", context: context)
            }
        }
    }

    private static func require(
        _ reference: _NameReference, in names: Set<String>, what: String, listedAs list: String,
        context: _DecodingContext
    ) {
        guard !names.contains(reference.name) else { return }
        let sorted = names.sorted()
        let known = sorted.isEmpty ? "there are none" : sorted.joined(separator: ", ")
        context.error(
            "unknown \(what) '\(reference.name)'\(_Suggestion.hint(for: reference.name, among: sorted)) (\(list): \(known))",
            at: reference.location)
    }
}
