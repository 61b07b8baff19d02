// SPDX-License-Identifier: GPL-3.0-or-later
public import Stochastics

/// The random state of one beacon→phone link: spatially correlated shadowing, per-channel fast
/// fading correlated in time, measurement noise and packet errors (rf.md §1, §6, §8).
///
/// - Shadowing: S ← ρ·S + √(1−ρ²)·σ·N(0,1) with ρ = exp(−Δx/d_c), Δx the distance the phone moved
///   (Gudmundson; 3GPP d_c), kept within ±`shadowingBound`·σ. Identical on all channels; frozen
///   for a static phone.
/// - Fading: per channel, a complex Gaussian scattered component updated as AR(1) with
///   ρ = exp(−Δt/T_c), T_c = 0.423/f_D, f_D = v/λ + environmental Doppler; a LOS component of
///   power K/(K+1) in line of sight (Rician, K drawn per link from N(K̄, 4 dB)), none otherwise
///   (Rayleigh). A static phone therefore sees slowly varying, not i.i.d., fades.
/// - Reported RSSI = round(RSSI_true + reporting offset + N(0, 1.5 dB)); the packet is lost with
///   PER(RSSI_true − sensitivity shift), the receiving device's curve (`DeviceProfile`).
///
/// Random draws: the link's own `CounterStream`; with `beginEvent(_:)` each advertising event
/// draws from its own block of the stream, so the numbers an event uses do not depend on how many
/// earlier events were evaluated (a link skipped while inaudible stays aligned). 56 bytes; the
/// fading process is kept apart in a `FadingState`.
public struct RadioLink: Sendable {
    @usableFromInline var random: CounterStream
    @usableFromInline var shadowing: Double
    /// Where the shadowing was last updated; x is NaN before the first update.
    @usableFromInline var shadowAt = PlanPoint(x: .nan, y: 0)
    @usableFromInline let ricianK: Double
    /// Draws reserved for one advertising event (13 at most, plus ziggurat rejections).
    static let drawsPerEvent: UInt64 = 1 << 12

    public init(random: CounterStream, configuration: RadioConfiguration) {
        self.random = random
        shadowing =
            configuration.shadowingEnabled ? Self.bounded(self.random.normal(sd: configuration.shadowingSigma), configuration) : 0
        let kDB = self.random.normal(mean: configuration.ricianKFactorDB, sd: configuration.ricianKSigmaDB)
        ricianK = _pow10(kDB / 10)
    }

    /// Positions the link's stream at the block of advertising event `event` (counted per beacon
    /// from 0); the draws of initialisation come before every block.
    public mutating func beginEvent(_ event: UInt64) { random.seek(to: Self.blockStart(event)) }

    /// The stream position where advertising event `event`'s block of draws starts.
    @usableFromInline static func blockStart(_ event: UInt64) -> UInt64 { (event &+ 1) &* drawsPerEvent }

    /// Whether the shadowing is drawn afresh at every advertising event — on, σ > 0 and no
    /// decorrelation distance — so that each event's term depends on its own block alone and the
    /// terms of later events can be read ahead (`eventsBelow`).
    public static func drawsShadowingPerEvent(_ configuration: RadioConfiguration) -> Bool {
        configuration.shadowingEnabled && configuration.shadowingSigma > 0 && configuration.decorrelationDistance <= 0
    }

    /// The shadowing term at the phone's `position`, dB, advancing the spatial process.
    @inlinable
    public mutating func shadowing(at position: PlanPoint, configuration: RadioConfiguration) -> Double {
        guard configuration.shadowingEnabled, configuration.shadowingSigma > 0 else { return 0 }
        if configuration.decorrelationDistance <= 0 {  // independent draws, one per advertising event
            shadowing = Self.bounded(random.normal(sd: configuration.shadowingSigma), configuration)
            return shadowing
        }
        return correlatedShadowing(at: position, configuration: configuration)
    }

    /// The Gudmundson process: the last value decays with the distance moved and a new draw adds
    /// the rest (a static phone keeps its value).
    @usableFromInline
    mutating func correlatedShadowing(at position: PlanPoint, configuration: RadioConfiguration) -> Double {
        if !shadowAt.x.isNaN {
            let moved = (position - shadowAt).length
            guard moved > 0 else { return shadowing }
            let rho = _exp(-moved / configuration.decorrelationDistance)
            shadowing = Self.bounded(
                rho * shadowing + (1 - rho * rho).squareRoot() * random.normal(sd: configuration.shadowingSigma), configuration)
        }
        shadowAt = position
        return shadowing
    }

    /// How many advertising events in a row, from `event` on and at most `limit`, draw an
    /// independent shadowing term that leaves `mean` + term below `floor`, dBm — each term drawn
    /// from its event's own block exactly as `shadowing(at:configuration:)` draws it then, and the
    /// sum formed the same way. The link's stream does not move: this reads ahead. 0 unless the
    /// shadowing is drawn per event (on, σ > 0, `decorrelationDistance` ≤ 0). Inlinable, so the
    /// caller's configuration is read in place rather than copied for the call.
    @inlinable public func eventsBelow(
        floor: Double, mean: Double, from event: UInt64, limit: Int, configuration: RadioConfiguration
    ) -> Int {
        guard Self.drawsShadowingPerEvent(configuration) else { return 0 }
        let sigma = configuration.shadowingSigma
        let bound = configuration.shadowingBound * sigma
        var probe = random
        var count = 0
        while count < limit {
            probe.seek(to: Self.blockStart(event &+ UInt64(count)))  // as `beginEvent`
            if mean + Self.bounded(probe.normal(sd: sigma), limit: bound) >= floor { break }
            count += 1
        }
        return count
    }

    /// `value` cut to ±`shadowingBound`·σ.
    @usableFromInline static func bounded(_ value: Double, _ configuration: RadioConfiguration) -> Double {
        bounded(value, limit: configuration.shadowingBound * configuration.shadowingSigma)
    }

    /// `value` cut to ±`limit`.
    @usableFromInline static func bounded(_ value: Double, limit: Double) -> Double {
        max(-limit, min(limit, value))
    }

    /// One packet on advertising channel `channelIndex` (0, 1, 2) at `timeNanoseconds`, with the
    /// mean-plus-shadowing power `base` dBm (reference scale): the reported integer RSSI, or nil
    /// when lost. `errors` is shifted by `sensitivityShift` dB (the device's sensitivity minus the
    /// curve's) and the report moved by `reportingOffset` dB.
    @inlinable public mutating func receive(
        base: Double, lineOfSight: Bool, speed: Double, channelIndex: Int, timeNanoseconds: Int64,
        configuration: RadioConfiguration, errors: PacketErrorCurve, fading: inout FadingState,
        sensitivityShift: Double = 0, reportingOffset: Double = 0
    ) -> Int? {
        var trueRSSI = base
        if configuration.fadingEnabled {
            trueRSSI += fadingGainDB(
                lineOfSight: lineOfSight, speed: speed, channel: channelIndex, time: timeNanoseconds,
                configuration: configuration, state: &fading)
        }
        if configuration.packetErrorsEnabled {
            let per = errors.packetErrorRate(rssi: trueRSSI - sensitivityShift)
            if per >= 1 || (per > 0 && random.uniform() < per) { return nil }
        } else if trueRSSI < configuration.sensitivity + sensitivityShift {
            return nil
        }
        // σ ≤ 0 draws nothing (`normal` returns the mean): tested here, so the call is not made per packet.
        let sigma = configuration.measurementNoiseSigma
        let noise = configuration.measurementNoiseEnabled && sigma > 0 ? random.normal(sd: sigma) : 0
        return Self.reported(trueRSSI + reportingOffset + noise)
    }

    /// Whether `receive` answers every packet of an advertising event alike — no fading, no
    /// packet errors, no measurement noise: the answer then follows from `base` alone and nothing
    /// is drawn, so one call answers for all three channels.
    public static func receivesEveryChannelAlike(_ configuration: RadioConfiguration) -> Bool {
        !configuration.fadingEnabled && !configuration.packetErrorsEnabled
            && (!configuration.measurementNoiseEnabled || configuration.measurementNoiseSigma <= 0)
    }

    /// `value` rounded half away from zero and held to the reportable −127…126 dBm: the same as
    /// `Int(max(-127, min(126, value.rounded())))` (NaN gives 126, as there), without the libm
    /// call `rounded()` makes on x86-64 — truncation and the exact fractional part decide. The
    /// step up or down is added as a 0 or 1, not branched on: which way a received power rounds
    /// is a coin toss, which a branch predictor cannot learn.
    @inlinable static func reported(_ value: Double) -> Int {
        guard value > -128, value < 127 else { return value <= -128 ? -127 : 126 }
        let whole = Int(value)  // toward zero
        let fraction = value - Double(whole)  // exact: |value| < 2^52
        let up = fraction >= 0.5 ? 1 : 0
        let down = fraction <= -0.5 ? 1 : 0
        return max(-127, min(126, whole &+ up &- down))  // |whole| < 128: no overflow
    }

    @usableFromInline mutating func fadingGainDB(
        lineOfSight: Bool, speed: Double, channel: Int, time: Int64, configuration: RadioConfiguration,
        state: inout FadingState
    ) -> Double {
        let doppler = speed / RadioConfiguration.wavelength + configuration.environmentalDopplerHz
        let rho: Double
        if state.updated[channel] != .min, doppler > 0 {
            let coherence = 0.423 / doppler
            rho = _exp(-Double(time - state.updated[channel]) / 1e9 / coherence)
        } else {
            rho = 0
        }
        let innovation = (1 - rho * rho).squareRoot()
        state.inPhase[channel] = rho * state.inPhase[channel] + innovation * random.normal(sd: 1)
        state.quadrature[channel] = rho * state.quadrature[channel] + innovation * random.normal(sd: 1)
        state.updated[channel] = time
        let k = lineOfSight ? ricianK : 0
        let scatter = (1 / (2 * (k + 1))).squareRoot()
        let inPhase = (k / (k + 1)).squareRoot() + scatter * state.inPhase[channel]
        let quadrature = scatter * state.quadrature[channel]
        return 10 * _log10(max(inPhase * inPhase + quadrature * quadrature, 1e-12))
    }
}
