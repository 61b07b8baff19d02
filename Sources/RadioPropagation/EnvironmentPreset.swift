// SPDX-License-Identifier: GPL-3.0-or-later

/// Large-scale propagation parameters of an indoor environment (rf.md §3.2, §6).
///
/// The path-loss exponent applies to the distance term anchored at the measured power at 1 m;
/// when a scenario models its walls explicitly, use `explicitWalls` (n = 2) so wall losses are not
/// counted twice (rf.md §4 implementation notes).
///
/// Large open spaces get a dual slope: n up to a breakpoint, then `farExponent` 3.5 (IEEE 802.11
/// TGn model D and TGax enterprise: 2.0 up to 10 m, then 3.5; rf.md §3.2, §3.5, H). Beyond a few
/// tens of metres people, shelving and the floor block the first Fresnel zone; a single slope
/// measured over tens of metres (Rappaport, P.1238) extrapolated to 100 m+ lets a 0 dBm beacon be
/// heard 140 m away (issue 10), which no BLE source reports.
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
    /// Distance beyond which `farExponent` applies, metres; 0 = a single slope.
    public var breakpointDistance: Double
    /// Path-loss exponent beyond the breakpoint (TGn / TGax 3.5, rf.md §3.2, H).
    public var farExponent: Double
    /// Where the figures come from.
    public var source: String

    public init(
        name: String, pathLossExponent: Double, shadowingSigma: Double, decorrelationDistance: Double,
        ricianKFactorDB: Double = 7, breakpointDistance: Double = 0, farExponent: Double = 3.5, source: String
    ) {
        self.breakpointDistance = breakpointDistance
        self.farExponent = farExponent
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
        name: "retail", pathLossExponent: 2.2, shadowingSigma: 4, decorrelationDistance: 10, breakpointDistance: 10,
        source:
            "n: Rappaport retail 2.2 and P.1238 commercial N = 22 (rf.md §3.2, H); 3.5 beyond 10 m: TGn model D, TGax "
            + "enterprise (rf.md §3.2, H); σ 4 dB: 2.4 GHz line-of-sight figures, P.1238-11 office LoS 3.76, 3GPP InH "
            + "LOS 3 dB (rf.md §3.2, H), and the shared BLE surveys' per-point spread about a log-distance fit, 3–4 dB "
            + "(docs/radio-model.md); rf.md's 5–9 dB retail guidance rests on Rappaport's 914 MHz 8.7 dB, a spread "
            + "across stores; d_c 10 m LOS (3GPP, rf.md §6)"
    )
    public static let grocery = EnvironmentPreset(
        name: "grocery", pathLossExponent: 1.8, shadowingSigma: 5.2, decorrelationDistance: 10, breakpointDistance: 10,
        source: "Rappaport grocery store 1.8 / 5.2 dB (rf.md §3.2, H); 3.5 beyond 10 m: TGn model D (rf.md §3.2, H)")
    public static let office = EnvironmentPreset(
        name: "office", pathLossExponent: 3.0, shadowingSigma: 7.0, decorrelationDistance: 6, ricianKFactorDB: 3,
        source:
            "walls not modelled: Rappaport hard partitions 3.0 / 7.0 dB, P.1238 office N = 30 (rf.md §3.2, H); d_c NLOS 6 m (3GPP)"
    )
    public static let home = EnvironmentPreset(
        name: "home", pathLossExponent: 2.8, shadowingSigma: 5, decorrelationDistance: 6, ricianKFactorDB: 3,
        source: "P.1238 residential N = 28 (rf.md §3.2, H); σ 5 dB TGax residential (L)")
    public static let industrial = EnvironmentPreset(
        name: "industrial", pathLossExponent: 2.3, shadowingSigma: 3, decorrelationDistance: 10, breakpointDistance: 10,
        source:
            "P.1238-11 industrial LoS 2.31 / 2.69 dB, 3GPP InF σ 4 dB (rf.md §3.2, H/M); 3.5 beyond 10 m: TGn model D "
            + "(rf.md §3.2, H)")
    public static let corridor = EnvironmentPreset(
        name: "corridor", pathLossExponent: 1.6, shadowingSigma: 4, decorrelationDistance: 10,
        source: "P.1238-11 corridor LoS 1.63 / 4.07 dB (rf.md §3.2, H)")
    public static let explicitWalls = EnvironmentPreset(
        name: "explicitWalls", pathLossExponent: 2.0, shadowingSigma: 4, decorrelationDistance: 10, breakpointDistance: 10,
        source:
            "walls modelled explicitly: n = 2 up to 10 m, then 3.5, plus walls (TGax enterprise, TGn D; COST 231 MW; "
            + "rf.md §2, §3.2, H); σ LOS 3–4 dB (3GPP InH, P.1238-11)")
}
