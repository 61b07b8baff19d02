// SPDX-License-Identifier: GPL-3.0-or-later

/// Optional radio-model settings: overrides of the environment preset, model constants and stage
/// switches (`radio: { fading: off }`) for controlled experiments.
///
/// Every field is optional; nil means "use the preset or the model default" (rf.md §2).
public struct RadioSpec: Sendable, Equatable {
    /// Path-loss exponent n (overrides the environment preset).
    public var pathLossExponent: Double?
    /// Log-normal shadowing standard deviation in dB (overrides the preset).
    public var shadowingSigma: Double?
    /// Gudmundson decorrelation distance of the shadowing, metres; 0 draws it afresh for every
    /// advertising event.
    public var decorrelationDistance: Double?
    /// Receiver threshold on the reported-RSSI scale, dBm (default −95; rf.md §2).
    public var sensitivity: Double?
    /// Per-packet RSSI measurement noise σ, dB (default 1.5).
    public var measurementNoise: Double?
    /// Cap on the summed wall losses, dB (default 30).
    public var wallLossCap: Double?
    /// Distances are clamped to at least this, metres (default 0.5).
    public var minimumDistance: Double?
    /// Doppler from people moving around a static phone, Hz (default 1).
    public var environmentalDoppler: Double?
    /// Own-body loss with the beacon ahead / behind, dB, for every phone (default: by carry position).
    public var bodyLossFront: Double?
    public var bodyLossBehind: Double?
    /// Half-width in degrees of the front-to-behind transition around side-on (default 60; 0 = a step).
    public var bodyLossTransition: Double?
    /// Switches: `false` turns a stage off.
    public var shadowing: Bool?
    public var bodyLoss: Bool?
    public var walls: Bool?
    public var fading: Bool?
    /// `false` replaces the packet-error curve by a hard threshold at `sensitivity`.
    public var packetErrors: Bool?

    public init(
        pathLossExponent: Double? = nil, shadowingSigma: Double? = nil, decorrelationDistance: Double? = nil,
        sensitivity: Double? = nil, measurementNoise: Double? = nil, wallLossCap: Double? = nil,
        minimumDistance: Double? = nil, environmentalDoppler: Double? = nil, bodyLossFront: Double? = nil,
        bodyLossBehind: Double? = nil, bodyLossTransition: Double? = nil, shadowing: Bool? = nil, bodyLoss: Bool? = nil,
        walls: Bool? = nil, fading: Bool? = nil, packetErrors: Bool? = nil
    ) {
        self.pathLossExponent = pathLossExponent
        self.shadowingSigma = shadowingSigma
        self.decorrelationDistance = decorrelationDistance
        self.sensitivity = sensitivity
        self.measurementNoise = measurementNoise
        self.wallLossCap = wallLossCap
        self.minimumDistance = minimumDistance
        self.environmentalDoppler = environmentalDoppler
        self.bodyLossFront = bodyLossFront
        self.bodyLossBehind = bodyLossBehind
        self.bodyLossTransition = bodyLossTransition
        self.shadowing = shadowing
        self.bodyLoss = bodyLoss
        self.walls = walls
        self.fading = fading
        self.packetErrors = packetErrors
    }
}
