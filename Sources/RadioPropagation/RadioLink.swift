// SPDX-License-Identifier: GPL-3.0-or-later
public import Stochastics

/// The random state of one beacon→phone link: spatially correlated shadowing, per-channel fast
/// fading correlated in time, measurement noise and packet errors (rf.md §1, §6, §8).
///
/// - Shadowing: S ← ρ·S + √(1−ρ²)·σ·N(0,1) with ρ = exp(−Δx/d_c), Δx the distance the phone moved
///   (Gudmundson; 3GPP d_c). Identical on all channels; frozen for a static phone.
/// - Fading: per channel, a complex Gaussian scattered component updated as AR(1) with
///   ρ = exp(−Δt/T_c), T_c = 0.423/f_D, f_D = v/λ + environmental Doppler; a LOS component of
///   power K/(K+1) in line of sight (Rician, K drawn per link from N(K̄, 4 dB)), none otherwise
///   (Rayleigh). A static phone therefore sees slowly varying, not i.i.d., fades.
/// - Reported RSSI = round(RSSI_true + reporting offset + N(0, 1.5 dB)); the packet is lost with
///   PER(RSSI_true − sensitivity shift), the receiving device's curve (`DeviceProfile`).
public struct RadioLink {
    private let random: RandomStream
    private var shadowing: Double
    private var shadowAt: PlanPoint?
    private let ricianK: Double
    private var fadingI = [0.0, 0.0, 0.0]
    private var fadingQ = [0.0, 0.0, 0.0]
    private var fadingTime: [Int64?] = [nil, nil, nil]

    public init(random: RandomStream, configuration: RadioConfiguration) {
        self.random = random
        shadowing = configuration.shadowingEnabled ? random.normal(sd: configuration.shadowingSigma) : 0
        let kDB = random.normal(mean: configuration.ricianKFactorDB, sd: configuration.ricianKSigmaDB)
        ricianK = _pow10(kDB / 10)
    }

    /// The shadowing term at the phone's `position`, dB, advancing the spatial process.
    public mutating func shadowing(at position: PlanPoint, configuration: RadioConfiguration) -> Double {
        guard configuration.shadowingEnabled, configuration.shadowingSigma > 0 else { return 0 }
        if configuration.decorrelationDistance <= 0 {  // independent draws, one per advertising event
            shadowing = random.normal(sd: configuration.shadowingSigma)
            return shadowing
        }
        if let previous = shadowAt {
            let moved = (position - previous).length
            guard moved > 0 else { return shadowing }
            let rho = _exp(-moved / configuration.decorrelationDistance)
            shadowing = rho * shadowing + (1 - rho * rho).squareRoot() * random.normal(sd: configuration.shadowingSigma)
        }
        shadowAt = position
        return shadowing
    }

    /// One packet on advertising channel `channelIndex` (0, 1, 2) at `timeNanoseconds`, with the
    /// mean-plus-shadowing power `base` dBm (reference scale): the reported integer RSSI, or nil
    /// when lost. `errors` is shifted by `sensitivityShift` dB (the device's sensitivity minus the
    /// curve's) and the report moved by `reportingOffset` dB.
    public mutating func receive(
        base: Double, lineOfSight: Bool, speed: Double, channelIndex: Int, timeNanoseconds: Int64,
        configuration: RadioConfiguration, errors: PacketErrorCurve, sensitivityShift: Double = 0,
        reportingOffset: Double = 0
    ) -> Int? {
        var trueRSSI = base
        if configuration.fadingEnabled {
            trueRSSI += fadingGainDB(
                lineOfSight: lineOfSight, speed: speed, channel: channelIndex, time: timeNanoseconds,
                configuration: configuration)
        }
        if configuration.packetErrorsEnabled {
            let per = errors.packetErrorRate(rssi: trueRSSI - sensitivityShift)
            if per >= 1 || (per > 0 && random.uniform() < per) { return nil }
        } else if trueRSSI < configuration.sensitivity + sensitivityShift {
            return nil
        }
        let noise = configuration.measurementNoiseEnabled ? random.normal(sd: configuration.measurementNoiseSigma) : 0
        return Int(max(-127, min(126, (trueRSSI + reportingOffset + noise).rounded())))
    }

    private mutating func fadingGainDB(
        lineOfSight: Bool, speed: Double, channel: Int, time: Int64, configuration: RadioConfiguration
    ) -> Double {
        let doppler = speed / RadioConfiguration.wavelength + configuration.environmentalDopplerHz
        let rho: Double
        if let previous = fadingTime[channel], doppler > 0 {
            let coherence = 0.423 / doppler
            rho = _exp(-Double(time - previous) / 1e9 / coherence)
        } else {
            rho = 0
        }
        let innovation = (1 - rho * rho).squareRoot()
        fadingI[channel] = rho * fadingI[channel] + innovation * random.normal(sd: 1)
        fadingQ[channel] = rho * fadingQ[channel] + innovation * random.normal(sd: 1)
        fadingTime[channel] = time
        let k = lineOfSight ? ricianK : 0
        let scatter = (1 / (2 * (k + 1))).squareRoot()
        let inPhase = (k / (k + 1)).squareRoot() + scatter * fadingI[channel]
        let quadrature = scatter * fadingQ[channel]
        return 10 * _log10(max(inPhase * inPhase + quadrature * quadrature, 1e-12))
    }
}
