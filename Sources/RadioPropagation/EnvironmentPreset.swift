// SPDX-License-Identifier: GPL-3.0-or-later

/// Large-scale propagation parameters of an indoor environment (rf.md §3.2, §6).
///
/// The path-loss exponent applies to the distance term anchored at the measured power at 1 m;
/// when a scenario models its walls explicitly, use `explicitWalls` (n = 2) so wall losses are not
/// counted twice (rf.md §4 implementation notes).
public struct EnvironmentPreset: Hashable, Sendable {
    public var name: String
    /// Path-loss exponent n.
    public var pathLossExponent: Double
    /// Log-normal shadowing standard deviation, dB.
    public var shadowingSigma: Double
    /// Gudmundson decorrelation distance of the shadowing, metres.
    public var decorrelationDistance: Double
    /// Mean Rician K-factor in line of sight, dB (3GPP InH LOS 7 dB, rf.md §6).
    public var ricianKFactorDB: Double
    /// Where the figures come from.
    public var source: String

    public init(
        name: String, pathLossExponent: Double, shadowingSigma: Double, decorrelationDistance: Double,
        ricianKFactorDB: Double = 7, source: String
    ) {
        self.name = name
        self.pathLossExponent = pathLossExponent
        self.shadowingSigma = shadowingSigma
        self.decorrelationDistance = decorrelationDistance
        self.ricianKFactorDB = ricianKFactorDB
        self.source = source
    }

    /// All built-in presets, by name.
    public static let all: [String: EnvironmentPreset] = Dictionary(
        uniqueKeysWithValues: [freeSpace, retail, grocery, office, home, industrial, corridor, explicitWalls].map {
            ($0.name, $0)
        })

    public static let freeSpace = EnvironmentPreset(
        name: "freeSpace", pathLossExponent: 2.0, shadowingSigma: 0, decorrelationDistance: 10, ricianKFactorDB: 10,
        source: "Friis (rf.md §3.2, H)")
    public static let retail = EnvironmentPreset(
        name: "retail", pathLossExponent: 2.2, shadowingSigma: 6, decorrelationDistance: 10,
        source:
            "n: Rappaport retail 2.2 and P.1238 commercial N = 22 (rf.md §3.2, H); σ: middle of the 5–9 dB guidance for retail floors (rf.md §3.2)"
    )
    public static let grocery = EnvironmentPreset(
        name: "grocery", pathLossExponent: 1.8, shadowingSigma: 5.2, decorrelationDistance: 10,
        source: "Rappaport grocery store 1.8 / 5.2 dB (rf.md §3.2, H)")
    public static let office = EnvironmentPreset(
        name: "office", pathLossExponent: 3.0, shadowingSigma: 7.0, decorrelationDistance: 6, ricianKFactorDB: 3,
        source:
            "walls not modelled: Rappaport hard partitions 3.0 / 7.0 dB, P.1238 office N = 30 (rf.md §3.2, H); d_c NLOS 6 m (3GPP)"
    )
    public static let home = EnvironmentPreset(
        name: "home", pathLossExponent: 2.8, shadowingSigma: 5, decorrelationDistance: 6, ricianKFactorDB: 3,
        source: "P.1238 residential N = 28 (rf.md §3.2, H); σ 5 dB TGax residential (L)")
    public static let industrial = EnvironmentPreset(
        name: "industrial", pathLossExponent: 2.3, shadowingSigma: 3, decorrelationDistance: 10,
        source: "P.1238-11 industrial LoS 2.31 / 2.69 dB, 3GPP InF σ 4 dB (rf.md §3.2, H/M)")
    public static let corridor = EnvironmentPreset(
        name: "corridor", pathLossExponent: 1.6, shadowingSigma: 4, decorrelationDistance: 10,
        source: "P.1238-11 corridor LoS 1.63 / 4.07 dB (rf.md §3.2, H)")
    public static let explicitWalls = EnvironmentPreset(
        name: "explicitWalls", pathLossExponent: 2.0, shadowingSigma: 4, decorrelationDistance: 10,
        source: "walls modelled explicitly: n = 2 (COST 231 MW, TGax; rf.md §2, H); σ LOS 3–4 dB (3GPP InH, P.1238-11)")
}
