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
    /// Floor-slab loss between floors, bystander (crowd) loss and beacon collisions on/off.
    public var floors: Bool?
    public var crowds: Bool?
    public var collisions: Bool?
    /// Every random stage off and a hard threshold at `sensitivity`: RSSI is a function of geometry.
    public var deterministic: Bool?
    /// `cost231` (18.3·F^((F+2)/(F+1)−0.46) dB) or `p1238` (15 + 4(F−1) dB); rf.md §3.5, §3.4.
    public var floorModel: String?
    /// Cap on the bystander loss, dB (default 20).
    public var crowdLossCap: Double?
    /// Co-channel capture threshold, dB (default 9).
    public var captureThreshold: Double?
    /// σ of the reporting offset of phones with no `device` or `receiverOffset`, dB (default 0).
    public var receiverOffsetSigma: Double?
    /// dB added to every beacon's measured power in the link budget (the venue's 1 m level).
    public var measuredPowerOffset: Double?
    /// Distance beyond which `farPathLossExponent` applies, metres; 0 = one slope (default: the preset's).
    public var breakpointDistance: Double?
    /// Path-loss exponent beyond the breakpoint (default: the preset's, 3.5).
    public var farPathLossExponent: Double?
    /// Mean Rician K-factor of line-of-sight links, dB (default: the preset's; `beaconsim fit`
    /// estimates it from the spread of readings).
    public var ricianKFactor: Double?
    /// Height of the beacons and of the phones above their floor, metres; with `beaconHeight` the
    /// distance within a floor is 3-D (default: not modelled; phones at 1.2 m).
    public var beaconHeight: Double?
    public var phoneHeight: Double?
    /// Loss per crossing by material name, dB, over `venue.materials` and the built-in table
    /// (a fitted fragment's wall losses).
    public var materials: [String: Double] = [:]

    public init(
        pathLossExponent: Double? = nil, shadowingSigma: Double? = nil, decorrelationDistance: Double? = nil,
        sensitivity: Double? = nil, measurementNoise: Double? = nil, wallLossCap: Double? = nil,
        minimumDistance: Double? = nil, environmentalDoppler: Double? = nil, bodyLossFront: Double? = nil,
        bodyLossBehind: Double? = nil, bodyLossTransition: Double? = nil, shadowing: Bool? = nil, bodyLoss: Bool? = nil,
        walls: Bool? = nil, fading: Bool? = nil, packetErrors: Bool? = nil, floors: Bool? = nil, crowds: Bool? = nil,
        collisions: Bool? = nil, deterministic: Bool? = nil, floorModel: String? = nil, crowdLossCap: Double? = nil,
        captureThreshold: Double? = nil, receiverOffsetSigma: Double? = nil
    ) {
        self.floors = floors
        self.crowds = crowds
        self.collisions = collisions
        self.deterministic = deterministic
        self.floorModel = floorModel
        self.crowdLossCap = crowdLossCap
        self.captureThreshold = captureThreshold
        self.receiverOffsetSigma = receiverOffsetSigma
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

    /// The values `floorModel` accepts.
    public static let floorModels = ["cost231", "p1238"]

    /// Every setting of `other` that this spec leaves unset (nil), and its materials this one
    /// does not name: an imported fragment under the scenario's own `radio:`.
    public func filling(from other: RadioSpec) -> RadioSpec {
        var merged = self
        for key in Self.numbers where merged[keyPath: key] == nil { merged[keyPath: key] = other[keyPath: key] }
        for key in Self.flags where merged[keyPath: key] == nil { merged[keyPath: key] = other[keyPath: key] }
        if merged.floorModel == nil { merged.floorModel = other.floorModel }
        merged.materials.merge(other.materials) { own, _ in own }
        return merged
    }

    nonisolated(unsafe) private static let numbers: [WritableKeyPath<RadioSpec, Double?>] = [
        \.pathLossExponent, \.shadowingSigma, \.decorrelationDistance, \.sensitivity, \.measurementNoise, \.wallLossCap,
        \.minimumDistance, \.environmentalDoppler, \.bodyLossFront, \.bodyLossBehind, \.bodyLossTransition,
        \.crowdLossCap, \.captureThreshold, \.receiverOffsetSigma, \.measuredPowerOffset, \.breakpointDistance,
        \.farPathLossExponent, \.ricianKFactor, \.beaconHeight, \.phoneHeight,
    ]
    nonisolated(unsafe) private static let flags: [WritableKeyPath<RadioSpec, Bool?>] = [
        \.shadowing, \.bodyLoss, \.walls, \.fading, \.packetErrors, \.floors, \.crowds, \.collisions, \.deterministic,
    ]
}
