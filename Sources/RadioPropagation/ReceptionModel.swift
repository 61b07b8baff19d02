// SPDX-License-Identifier: GPL-3.0-or-later
internal import Stochastics

/// Analytical reception probabilities from the link budget, for coverage maps (rf.md §1, §6, §8).
///
/// For a link of mean power m (the `PropagationModel` equation), one packet gets through with
///
///     p(m, S) = E_h[1 − PER(m + S + 10·log10|h|²)] · (1 − P_coll)
///
/// and a phone scanning continuously for one second catches at least one of `n` packets with
///
///     P_hear(m) = E_S[1 − (1 − p(m, S))^n]
///
/// Shadowing S ~ N(0, σ) is shared by the packets of one second (it is spatially correlated and
/// the phone barely moves), fast fading h is taken independent per packet (channels are
/// independent; a walking user decorrelates in ~50 ms, rf.md §6). E_S uses 16 equal-probability
/// normal quantiles; E_h a table of the fade-averaged success probability over m, built once from
/// a 32 × 32 grid of equal-probability I/Q quantiles of the Rician (K̄ of the environment, in line
/// of sight) or Rayleigh (blocked) channel.
public struct ReceptionModel: Sendable {
    public private(set) var configuration: RadioConfiguration
    let errors: PacketErrorCurve
    /// Success probability by mean power, every `step` dB from `lowest`, LOS and NLOS.
    let lineOfSightTable: [Double]
    let blockedTable: [Double]
    /// E_h[f · success] and E_h[f² · success] by mean power, f = 10·log10|h|² (dB): the moments of
    /// the fade of the packets that get through (`WindowReception`).
    let lineOfSightMoments: (first: [Double], second: [Double])
    let blockedMoments: (first: [Double], second: [Double])
    private(set) var shadowNodes: [Double]
    static let lowest = -140.0
    static let step = 0.1
    static let count = 1401

    public init(configuration: RadioConfiguration) {
        self.configuration = configuration
        errors = PacketErrorCurve(sensitivity: configuration.sensitivity)
        func fades(k: Double) -> [Double] { configuration.fadingEnabled ? Self.fades(kFactor: k) : [0] }
        let errors = self.errors
        func tables(_ fades: [Double]) -> (success: [Double], first: [Double], second: [Double]) {
            var success = [Double](repeating: 0, count: Self.count)
            var first = success, second = success
            let scale = 1 / Double(fades.count)
            for index in 0..<Self.count {
                let mean = Self.lowest + Double(index) * Self.step
                for fade in fades {
                    let rssi = mean + fade
                    let p =
                        configuration.packetErrorsEnabled
                        ? 1 - errors.packetErrorRate(rssi: rssi) : (rssi >= configuration.sensitivity ? 1 : 0)
                    success[index] += p * scale
                    first[index] += p * fade * scale
                    second[index] += p * fade * fade * scale
                }
            }
            return (success, first, second)
        }
        let lineOfSight = tables(fades(k: _pow10(configuration.ricianKFactorDB / 10)))
        let blocked = tables(fades(k: 0))
        lineOfSightTable = lineOfSight.success
        blockedTable = blocked.success
        lineOfSightMoments = (lineOfSight.first, lineOfSight.second)
        blockedMoments = (blocked.first, blocked.second)
        let sigma = configuration.shadowingEnabled ? configuration.shadowingSigma : 0
        shadowNodes = Self.nodes(sigma: sigma)
    }

    /// The same model with shadowing σ `sigma` (dB): the fade tables do not depend on it, so they
    /// are kept (`beaconsim fit` re-estimates σ between solves).
    public func withShadowing(sigma: Double) -> ReceptionModel {
        var copy = self
        copy.configuration.shadowingSigma = sigma
        copy.configuration.shadowingEnabled = true
        copy.shadowNodes = Self.nodes(sigma: sigma)
        return copy
    }

    static func nodes(sigma: Double) -> [Double] {
        sigma > 0 ? (0..<16).map { sigma * ProbabilityFunctions.gaussianQuantile((Double($0) + 0.5) / 16) } : [0]
    }

    /// Equal-probability fades 10·log10|h|² (dB) of a Rician channel of linear K-factor `kFactor`
    /// (0: Rayleigh), unit mean power: a 32 × 32 grid of I/Q normal quantiles.
    public static func fades(kFactor k: Double) -> [Double] {
        let quantiles = (0..<32).map { ProbabilityFunctions.gaussianQuantile((Double($0) + 0.5) / 32) }
        let scatter = (1 / (2 * (k + 1))).squareRoot(), los = (k / (k + 1)).squareRoot()
        return quantiles.flatMap { i in
            quantiles.map { q in
                let a = los + scatter * i, b = scatter * q
                return 10 * _log10(max(a * a + b * b, 1e-12))
            }
        }
    }

    /// One packet's success probability at mean-plus-shadowing power `dBm`, before collisions.
    public func packetProbability(dBm: Double, lineOfSight: Bool) -> Double {
        Self.interpolate(lineOfSight ? lineOfSightTable : blockedTable, at: dBm)
    }

    /// One packet at mean-plus-shadowing power `dBm`: its success probability p, and E[f·1_success]
    /// and E[f²·1_success] of its fade f (dB), so the fade of a received packet has mean first/p.
    public func packetMoments(dBm: Double, lineOfSight: Bool) -> (success: Double, first: Double, second: Double) {
        let moments = lineOfSight ? lineOfSightMoments : blockedMoments
        return (
            packetProbability(dBm: dBm, lineOfSight: lineOfSight), Self.interpolate(moments.first, at: dBm),
            Self.interpolate(moments.second, at: dBm)
        )
    }

    /// The shadowing values E_S averages over: 16 equal-probability quantiles of N(0, σ).
    public var shadowingNodes: [Double] { shadowNodes }

    private static func interpolate(_ table: [Double], at dBm: Double) -> Double {
        let position = (dBm - lowest) / step
        if position <= 0 { return table[0] }
        let index = Int(position)
        if index >= count - 1 { return table[count - 1] }
        let fraction = position - Double(index)
        return table[index] * (1 - fraction) + table[index + 1] * fraction
    }

    /// Probability that at least one of `packets` packets of a link of mean power `dBm` is heard.
    public func hearProbability(dBm: Double, lineOfSight: Bool, packets: Int, collision: Double = 0) -> Double {
        var total = 0.0
        for shadow in shadowNodes {
            let p = packetProbability(dBm: dBm + shadow, lineOfSight: lineOfSight) * (1 - collision)
            total += 1 - _pow(1 - p, Double(packets))
        }
        return total / Double(shadowNodes.count)
    }
}
