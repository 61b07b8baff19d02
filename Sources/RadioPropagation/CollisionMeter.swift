// SPDX-License-Identifier: GPL-3.0-or-later

/// What one phone hears of every beacon sharing the air, for the probability that a packet is
/// destroyed by a collision (rf.md §9).
///
/// Legacy advertisers are unslotted ALOHA: a packet of air time τ from a wanted beacon overlaps a
/// packet of an interferer j advertising every T_j (interval + mean advDelay 5 ms) with
/// probability ≈ 2τ/T_j, on every channel alike since each event sweeps 37, 38, 39 in turn. With
/// capture, only interferers within `capture` dB of the wanted signal (SIR < 9 dB, SiLabs
/// BGM13S typical; the Core spec allows 21 dB) destroy it:
///
///     P_coll = 1 − exp(−2τ · Σ_{j ≠ wanted, P_j ≥ P_wanted − capture} 1/T_j)
///
/// which reproduces rf.md §9's simulated table (N = 10 at 100 ms: 0.062 vs 0.070 simulated).
/// Each beacon's latest mean power at the phone (updated once per advertising event) sits in a
/// 1-dB bin of a Fenwick tree of rates, so an update and a query cost O(log bins), not O(beacons).
/// The tree runs from the strongest bin down: a query for the bins at or above a threshold sums
/// only tree nodes within them, so it is bit for bit independent of every weaker beacon (a beacon
/// the world skips while it is far below every threshold, `LinkTable+Quiet`, changes nothing).
public struct CollisionMeter: Sendable {
    /// Air time of a legacy advertising PDU, seconds (376 µs; rf.md §2, §9).
    public static let airTime = 376e-6
    /// Lowest binned power, dBm; weaker signals go to the lowest bin.
    static let floorDBm = -150.0
    static let binCount = 160
    /// Width of a bin, dB.
    public static let binWidth = 1.0
    private var tree: [Double]
    /// Per beacon: its bin (−1 = not heard) and rate 1/T_eff in Hz.
    private var bins: [Int]
    private var rates: [Double]
    /// SIR a packet survives, dB.
    public let capture: Double

    public init(beacons: Int, capture: Double = 9) {
        tree = [Double](repeating: 0, count: Self.binCount + 1)
        bins = [Int](repeating: -1, count: beacons)
        rates = [Double](repeating: 0, count: beacons)
        self.capture = capture
    }

    /// Beacon `index`, advertising every `interval` seconds (advDelay added here), is now heard at `dBm`.
    public mutating func update(beacon index: Int, dBm: Double, interval: Double) {
        let bin = Self.bin(dBm)
        guard bin != bins[index] else { return }
        if bins[index] >= 0 { add(-rates[index], at: bins[index]) }
        rates[index] = 1 / (interval + 0.005)
        bins[index] = bin
        add(rates[index], at: bin)
    }

    /// Beacon `index` stopped advertising.
    public mutating func remove(beacon index: Int) {
        guard bins[index] >= 0 else { return }
        add(-rates[index], at: bins[index])
        bins[index] = -1
    }

    /// Probability that a packet of beacon `wanted`, heard at `dBm`, is destroyed by another.
    public func collisionProbability(wanted: Int, dBm: Double) -> Double {
        let threshold = Self.bin(dBm - capture)
        var rate = strongest(Self.binCount - threshold)  // bins ≥ threshold
        if bins[wanted] >= threshold { rate -= rates[wanted] }
        guard rate > 1e-12 else { return 0 }
        return 1 - _exp(-2 * Self.airTime * rate)
    }

    static func bin(_ dBm: Double) -> Int {
        max(0, min(binCount - 1, Int(((dBm - floorDBm) / binWidth).rounded(.down))))
    }

    /// Sum of the `count` strongest bins (tree positions 1...count hold bins binCount−1 down).
    private func strongest(_ count: Int) -> Double {
        var sum = 0.0
        var index = count
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }

    private mutating func add(_ value: Double, at bin: Int) {
        var index = Self.binCount - bin
        while index <= Self.binCount {
            tree[index] += value
            index += index & -index
        }
    }
}
