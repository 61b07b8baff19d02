// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGSL

/// Derives independent seeds for random streams from (scenario seed, replication, entity label).
///
/// Every random process has its own stream, so adding a beacon does not change the numbers any
/// other beacon draws. The three inputs are hashed (FNV-1a over the label, mixed with SplitMix64's
/// finaliser, Steele et al. 2014) rather than added, into the 64-bit key of a `CounterStream`.
public enum StreamSeed {
    /// A 64-bit seed for the stream of `label` in replication `replication` of a run seeded `seed`.
    public static func derive(seed: UInt64, replication: Int, label: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a offset basis
        for byte in label.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3  // FNV-1a prime
        }
        return splitMix(splitMix(seed ^ splitMix(UInt64(bitPattern: Int64(replication)) &+ 0x9e37_79b9_7f4a_7c15)) ^ hash)
    }

    /// SplitMix64 finaliser: a bijective 64-bit mixer.
    public static func splitMix(_ value: UInt64) -> UInt64 { cgsl_mix64(value &+ 0x9e37_79b9_7f4a_7c15) }
}
