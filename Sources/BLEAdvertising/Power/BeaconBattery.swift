// SPDX-License-Identifier: GPL-3.0-or-later

/// A primary battery a beacon runs from: rated capacity to its cut-off voltage, the share of that
/// capacity lost each year in storage (self-discharge) and its voltage as the capacity is used
/// (`dischargeCurve`, for the Eddystone-TLM battery voltage). Temperature derating has no
/// catalogue figure: no source here tabulates capacity against temperature for these cells (they
/// are rated at about 20–23 °C), so a scenario gives its own share (`batteryDerating`, a
/// parameter); without it the figures hold for a beacon indoors at room temperature.
public struct BeaconBattery: Sendable, Equatable {
    /// A point of the discharge curve.
    public struct VoltagePoint: Sendable, Equatable {
        /// Share of the capacity used, 0…1.
        public var used: Double
        public var volts: Double

        public init(used: Double, volts: Double) {
            self.used = used
            self.volts = volts
        }
    }

    /// Catalogue name as scenarios write it (`battery: cr2032`).
    public var name: String
    /// Rated capacity to `cutoffVolts`, mAh.
    public var capacityMilliampHours: Double
    public var nominalVolts: Double
    public var cutoffVolts: Double
    /// Capacity lost per year of storage, as a fraction of the rated capacity.
    public var selfDischargePerYear: Double
    /// Voltage under a beacon's light load by share of capacity used, ascending; the last point is
    /// at the cut-off.
    public var dischargeCurve: [VoltagePoint]
    /// Where each figure comes from, and where sources disagree.
    public var sources: String

    public init(
        name: String, capacityMilliampHours: Double, nominalVolts: Double, cutoffVolts: Double,
        selfDischargePerYear: Double, dischargeCurve: [VoltagePoint], sources: String
    ) {
        self.name = name
        self.capacityMilliampHours = capacityMilliampHours
        self.nominalVolts = nominalVolts
        self.cutoffVolts = cutoffVolts
        self.selfDischargePerYear = selfDischargePerYear
        self.dischargeCurve = dischargeCurve.sorted { $0.used < $1.used }
        self.sources = sources
    }

    /// The voltage with a share `used` (0…1) of the capacity gone: linear between the curve's
    /// points, held at its ends.
    public func volts(used: Double) -> Double {
        guard let first = dischargeCurve.first, let last = dischargeCurve.last else { return nominalVolts }
        if used <= first.used { return first.volts }
        if used >= last.used { return last.volts }
        for (low, high) in zip(dischargeCurve, dischargeCurve.dropFirst()) where used <= high.used {
            return low.volts + (used - low.used) / (high.used - low.used) * (high.volts - low.volts)
        }
        return last.volts
    }

    /// Li/MnO₂ coin cells under a light (beacon) load: a plateau near 2.9 V for most of the
    /// capacity, then a steep fall to the 2.0 V cut-off — the shape secondary sources describe
    /// ("pretty flat with a steep drop off towards the end of life"; fresh cells 3.0–3.3 V open
    /// circuit, devices warning near 2.7–2.8 V). The points are this model's reading of that shape,
    /// not values read off a maker's figure: a parameter (`dischargeCurve` on the beacon).
    public static let lithiumManganeseCurve = [
        VoltagePoint(used: 0, volts: 3.0), VoltagePoint(used: 0.5, volts: 2.9), VoltagePoint(used: 0.8, volts: 2.8),
        VoltagePoint(used: 0.9, volts: 2.7), VoltagePoint(used: 0.95, volts: 2.5), VoltagePoint(used: 1, volts: 2.0),
    ]

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
        dischargeCurve: lithiumManganeseCurve,
        sources: "225 mAh to 2.0 V (CR2032 typical; Energizer rates 235 mAh: batteryCapacity overrides); <1 %/year")

    /// CR2477 (Li/MnO₂ coin, 24.5 × 7.7 mm): 850–1000 mAh to 2.0 V depending on the maker, nominal
    /// 3.0 V, self-discharge below 1 %/year (secondary battery-equivalents guide). 1000 mAh is used;
    /// `batteryCapacity` sets a maker's own figure.
    public static let cr2477 = BeaconBattery(
        name: "cr2477", capacityMilliampHours: 1000, nominalVolts: 3.0, cutoffVolts: 2.0, selfDischargePerYear: 0.01,
        dischargeCurve: lithiumManganeseCurve,
        sources: "850-1000 mAh to 2.0 V by maker (1000 used; batteryCapacity overrides); <1 %/year")

    /// Two AA lithium (Li/FeS₂, Energizer L91) cells in series: 3000 mAh (the L91 datasheet's rating,
    /// as quoted by secondary sources), 2 × 1.5 V, cut-off 2 × 0.9 V; "15 years at 21 °C (90 % of
    /// rated capacity)" shelf life, i.e. about 0.7 %/year. Discharge curve: Li/FeS₂ cells hold
    /// about 1.5 V each under light load (about 1.7–1.8 V fresh) and fall to the 0.9 V cut-off at
    /// the end (secondary descriptions of the L91; the points are this model's reading: a parameter).
    public static let aaLithiumPair = BeaconBattery(
        name: "aa-lithium-x2", capacityMilliampHours: 3000, nominalVolts: 3.0, cutoffVolts: 1.8,
        selfDischargePerYear: 0.007,
        dischargeCurve: [
            VoltagePoint(used: 0, volts: 3.4), VoltagePoint(used: 0.1, volts: 3.1), VoltagePoint(used: 0.8, volts: 2.9),
            VoltagePoint(used: 0.95, volts: 2.6), VoltagePoint(used: 1, volts: 1.8),
        ],
        sources: "Energizer L91 3000 mAh; 15-year shelf life at 90 % capacity (~0.7 %/year)")
}
