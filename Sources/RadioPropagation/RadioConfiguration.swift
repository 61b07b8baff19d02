// SPDX-License-Identifier: GPL-3.0-or-later

/// The radio model's parameters and stage switches for one world (rf.md §1–2).
///
/// Plain numbers and flags only (no strings or arrays), so copying it in the per-packet path costs
/// no reference counting.
public struct RadioConfiguration: Sendable, Hashable {
    /// Mean Rician K-factor in line of sight, dB (default: the environment's).
    public var ricianKFactorDB: Double
    /// Path-loss exponent n (default: the environment's).
    public var pathLossExponent: Double
    /// Distance beyond which `farPathLossExponent` applies, metres; 0 = one slope (default: the environment's).
    public var breakpointDistance: Double
    /// Path-loss exponent beyond the breakpoint (default: the environment's, 3.5).
    public var farPathLossExponent: Double
    /// dB added to every beacon's measured power in the link budget: the venue's 1 m level
    /// against the measured-power convention (0 by default; `beaconsim fit` estimates it).
    public var measuredPowerOffset: Double = 0
    /// Height of the beacons above their floor, metres; nil = plan distance within a floor (heights
    /// not modelled). With it, the distance within a floor is √(d² + (h_beacon − h_phone)²).
    public var beaconHeight: Double?
    /// Height of the phones above their floor, metres (1.2 m: in hand; the UJI and WUT surveys carry
    /// their receivers at 1.2–1.3 m). Used only with `beaconHeight`.
    public var phoneHeight: Double = 1.2
    /// Log-normal shadowing σ, dB (default: the environment's).
    public var shadowingSigma: Double
    /// Gudmundson decorrelation distance, metres (default: the environment's).
    public var decorrelationDistance: Double
    /// Shadowing is bounded at ± this many σ (the normal's tails beyond are cut: 4σ is exceeded
    /// with probability 6·10⁻⁵). Log-normal shadowing is a fit to measured spreads of ±2–3σ
    /// (rf.md §1); no measurement supports a link 4σ above its mean, and the bound is what lets
    /// the simulator skip links that cannot be heard (`LinkTable+Quiet`). Modelling choice (L).
    public var shadowingBound: Double = 4
    /// Receiver threshold of the generic phone on the reference scale: 50 % packet loss, dBm
    /// (rf.md §2: −95, L). A phone's `DeviceProfile` overrides it.
    public var sensitivity: Double = -95
    /// Per-packet RSSI measurement noise σ, dB (BabbleSim; rf.md §2, H).
    public var measurementNoiseSigma: Double = 1.5
    /// Distances are clamped to at least this, metres (near field not modelled; rf.md §1: 0.5–1 m).
    public var minimumDistance: Double = 0.5
    /// Cap on the summed wall losses, dB (rf.md §4: "cap the total multi-wall excess at ~25–35 dB").
    public var wallLossCap: Double = 30
    /// Spread of the per-link Rician K-factor, dB (3GPP InH LOS K ~ N(7, 4) dB; rf.md §6, H).
    public var ricianKSigmaDB: Double = 4
    /// Doppler from people moving around a static phone, Hz (rf.md §6: ~0.5–2 Hz, L).
    public var environmentalDopplerHz: Double = 1
    /// Floor-slab loss between floors (rf.md §3.5; default COST 231, 18.3 dB for one floor).
    public var floorLoss = FloorLossModel()
    /// Cap on the summed bystander loss, dB (rf.md §5: ~20–25 dB, L).
    public var crowdLossCap: Double = 20
    /// Co-channel capture: a collided packet survives with SIR ≥ this, dB (rf.md §2: 9 dB typical chip, H).
    public var captureThreshold: Double = 9
    /// σ of the per-phone reporting offset drawn when a phone names no device, dB. 0 by default
    /// (every such phone is the generic phone); rf.md §7.3 suggests 4–6 dB for a population of
    /// unknown models.
    public var receiverOffsetSigma: Double = 0
    /// Stage switches, for controlled experiments.
    public var wallsEnabled = true
    public var floorsEnabled = true
    public var crowdsEnabled = true
    public var collisionsEnabled = true
    public var bodyLossEnabled = true
    public var shadowingEnabled = true
    public var fadingEnabled = true
    public var measurementNoiseEnabled = true
    public var packetErrorsEnabled = true

    public init(environment: EnvironmentPreset) {
        ricianKFactorDB = environment.ricianKFactorDB
        pathLossExponent = environment.pathLossExponent
        breakpointDistance = environment.breakpointDistance
        farPathLossExponent = environment.farExponent
        shadowingSigma = environment.shadowingSigma
        decorrelationDistance = environment.decorrelationDistance
    }

    /// Every random stage off, with a hard threshold: RSSI is a pure function of geometry.
    public var deterministic: RadioConfiguration {
        var copy = self
        copy.shadowingEnabled = false
        copy.fadingEnabled = false
        copy.measurementNoiseEnabled = false
        copy.packetErrorsEnabled = false
        copy.collisionsEnabled = false
        copy.receiverOffsetSigma = 0
        return copy
    }

    /// How far below sensitivity the mean-plus-shadowing power may lie and a packet still get
    /// through, dB: 20 dB with fading (a Rayleigh fade above +13 dB has probability e^−20; rf.md §6),
    /// 4 dB with the packet-error curve alone (PER ≈ 1 four dB below its midpoint; rf.md §8),
    /// 0 for a hard threshold. Links below it are skipped without drawing random numbers.
    public var unreachableMargin: Double {
        if fadingEnabled { return 20 }
        return packetErrorsEnabled ? 4 : 0
    }

    /// The distance term, dB: 10·n·log10(d) up to the breakpoint d_bp, then
    /// 10·n·log10(d_bp) + 10·n_far·log10(d / d_bp) (rf.md §3.2 TGn / TGax dual slope).
    @inlinable public func distanceLoss(_ distance: Double) -> Double {
        let logDistance = _log10(distance)
        guard breakpointDistance > 0, distance > breakpointDistance else { return 10 * pathLossExponent * logDistance }
        let logBreakpoint = _log10(breakpointDistance)
        return 10 * pathLossExponent * logBreakpoint + 10 * farPathLossExponent * (logDistance - logBreakpoint)
    }

    /// Wavelength at 2.44 GHz, metres (rf.md §3.1).
    public static let wavelength = 0.1229
}
