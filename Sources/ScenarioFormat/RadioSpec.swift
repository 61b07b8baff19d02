// SPDX-License-Identifier: GPL-3.0-or-later

/// Optional radio-model settings: overrides of the environment preset and stage switches.
///
/// Every field is optional; nil means "use the preset or the model default".
public struct RadioSpec: Sendable, Equatable {
    /// Path-loss exponent n (overrides the environment preset).
    public var pathLossExponent: Double?
    /// Log-normal shadowing standard deviation in dB (overrides the preset).
    public var shadowingSigma: Double?
    /// Receiver threshold on the reported-RSSI scale, dBm (default −95; rf.md §2).
    public var sensitivity: Double?
    /// Switches: `false` turns a stage off for controlled experiments.
    public var shadowing: Bool?
    public var bodyLoss: Bool?
    public var walls: Bool?

    public init(
        pathLossExponent: Double? = nil, shadowingSigma: Double? = nil, sensitivity: Double? = nil,
        shadowing: Bool? = nil, bodyLoss: Bool? = nil, walls: Bool? = nil
    ) {
        self.pathLossExponent = pathLossExponent
        self.shadowingSigma = shadowingSigma
        self.sensitivity = sensitivity
        self.shadowing = shadowing
        self.bodyLoss = bodyLoss
        self.walls = walls
    }
}
