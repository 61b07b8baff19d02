// SPDX-License-Identifier: GPL-3.0-or-later

/// A primary battery a beacon runs from: rated capacity to its cut-off voltage and the share of
/// that capacity lost each year in storage (self-discharge). Temperature derating is not modelled:
/// no source here tabulates capacity against temperature for these cells (the cells are rated at
/// about 20–23 °C), so the figures hold for a beacon indoors at room temperature.
public struct BeaconBattery: Sendable, Equatable {
    /// Catalogue name as scenarios write it (`battery: cr2032`).
    public var name: String
    /// Rated capacity to `cutoffVolts`, mAh.
    public var capacityMilliampHours: Double
    public var nominalVolts: Double
    public var cutoffVolts: Double
    /// Capacity lost per year of storage, as a fraction of the rated capacity.
    public var selfDischargePerYear: Double
    /// Where each figure comes from, and where sources disagree.
    public var sources: String

    public init(
        name: String, capacityMilliampHours: Double, nominalVolts: Double, cutoffVolts: Double,
        selfDischargePerYear: Double, sources: String
    ) {
        self.name = name
        self.capacityMilliampHours = capacityMilliampHours
        self.nominalVolts = nominalVolts
        self.cutoffVolts = cutoffVolts
        self.selfDischargePerYear = selfDischargePerYear
        self.sources = sources
    }

    /// The batteries a scenario can name (`battery:`), by name.
    public static let catalogue: [String: BeaconBattery] = Dictionary(
        uniqueKeysWithValues: [cr2032, cr2477, aaLithiumPair].map { ($0.name, $0) })

    /// CR2032 (Li/MnO₂ coin): 225 mAh typical to 2.0 V, nominal 3.0 V (IEC 60086 cell; the
    /// manufacturers' figure as tabulated in Wikipedia's "CR2032 battery" table). Energizer's
    /// CR2032 is rated 235 mAh (15 kΩ to 2.0 V): the sources disagree, so a scenario can give its
    /// own `batteryCapacity`. Self-discharge below 1 %/year for Li/MnO₂ coin cells (a secondary
    /// battery-equivalents guide): 1 %/year is used.
    public static let cr2032 = BeaconBattery(
        name: "cr2032", capacityMilliampHours: 225, nominalVolts: 3.0, cutoffVolts: 2.0, selfDischargePerYear: 0.01,
        sources: "225 mAh to 2.0 V (CR2032 typical; Energizer rates 235 mAh: batteryCapacity overrides); <1 %/year")

    /// CR2477 (Li/MnO₂ coin, 24.5 × 7.7 mm): 850–1000 mAh to 2.0 V depending on the maker, nominal
    /// 3.0 V, self-discharge below 1 %/year (secondary battery-equivalents guide). 1000 mAh is used;
    /// `batteryCapacity` sets a maker's own figure.
    public static let cr2477 = BeaconBattery(
        name: "cr2477", capacityMilliampHours: 1000, nominalVolts: 3.0, cutoffVolts: 2.0, selfDischargePerYear: 0.01,
        sources: "850-1000 mAh to 2.0 V by maker (1000 used; batteryCapacity overrides); <1 %/year")

    /// Two AA lithium (Li/FeS₂, Energizer L91) cells in series: 3000 mAh (the L91 datasheet's rating,
    /// as quoted by secondary sources), 2 × 1.5 V, cut-off 2 × 0.9 V; "15 years at 21 °C (90 % of
    /// rated capacity)" shelf life, i.e. about 0.7 %/year.
    public static let aaLithiumPair = BeaconBattery(
        name: "aa-lithium-x2", capacityMilliampHours: 3000, nominalVolts: 3.0, cutoffVolts: 1.8,
        selfDischargePerYear: 0.007,
        sources: "Energizer L91 3000 mAh; 15-year shelf life at 90 % capacity (~0.7 %/year)")
}
