// SPDX-License-Identifier: GPL-3.0-or-later
internal import Stochastics

/// Probability that a packet is lost at a given RSSI near the receiver's threshold (rf.md §8).
///
/// BabbleSim's LE 1M modem model: SNR = RSSI + 109.6 dB, SNR_eff = [10^(−(SNR−2)/10) + 10^(−3.5)]^−1,
/// BER = Q(√SNR_eff), PER = 1 − (1 − BER)^360 for a 45-byte iBeacon PDU. On the AWGN scale
/// PER is 50 % at −98.4 dBm; the curve is shifted so that 50 % falls on the phone's sensitivity
/// (the reported-RSSI detection point, default −95 dBm), keeping its 2.8 dB 10 %→90 % width.
public struct PacketErrorCurve: Sendable {
    /// RSSI (reported scale) at which half the packets are lost, dBm.
    public let sensitivity: Double
    /// PER sampled every `step` dB from `lowest` upward.
    private let table: [Double]
    private static let lowest = -12.0  // relative to sensitivity
    private static let step = 0.05
    /// The AWGN curve's 50 % point, dBm (rf.md §8).
    public static let awgnMidpoint = -98.4

    public init(sensitivity: Double = -95) {
        self.sensitivity = sensitivity
        let count = Int(24 / Self.step) + 1
        table = (0..<count).map { index in
            let relative = Self.lowest + Double(index) * Self.step
            return Self.awgnPER(rssi: Self.awgnMidpoint + relative)
        }
    }

    /// Packet error rate at `rssi` on the reported scale (0 far above sensitivity, 1 far below).
    public func packetErrorRate(rssi: Double) -> Double {
        let position = (rssi - sensitivity - Self.lowest) / Self.step
        if position <= 0 { return 1 }
        let index = Int(position)
        if index >= table.count - 1 { return 0 }
        let fraction = position - Double(index)
        return table[index] * (1 - fraction) + table[index + 1] * fraction
    }

    /// The unshifted BabbleSim AWGN curve at `rssi` dBm (rf.md §8 table).
    public static func awgnPER(rssi: Double) -> Double {
        let snr = rssi + 109.6
        let effective = 1 / (_pow10(-(snr - 2) / 10) + _pow10(-3.5))
        let ber = ProbabilityFunctions.gaussianQ(effective.squareRoot())
        var survive = 1.0
        for _ in 0..<360 { survive *= 1 - ber }
        return 1 - survive
    }
}
