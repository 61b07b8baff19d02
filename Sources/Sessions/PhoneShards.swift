// SPDX-License-Identifier: GPL-3.0-or-later

/// How `run` splits a large crowd's phones into worlds simulated side by side (`ShardedReplication`).
///
/// Phones do not affect one another (`PhoneIndependenceTests`): a world of some of the phones
/// gives them exactly the records the whole world gives them. So a crowd of N phones runs as
/// `count` worlds of consecutive phones, each with every beacon, on as many threads as the machine
/// has, and their timelines, tracks and metrics are merged into the files one world would have
/// written, byte for byte. The count depends only on the number of phones, never on the machine,
/// so a run's every file — the manifest's event count included, which counts each shard's beacon
/// events — is the same on any machine and thread count.
///
/// One shard per 100 phones, rounded down to a power of two (so 2, 4 or 8 shards spread evenly
/// over 2, 4 or 8 cores), at most 8: below 200 phones the beacons' own work, which every shard
/// repeats (advertising calendar, quiet tests per event), would eat into the gain.
public struct PhoneShards: Sendable, Equatable {
    /// The shards' phone ranges, in scenario order; one range: the whole world, not split.
    public let ranges: [Range<Int>]

    /// Phones per shard the count aims at, at least.
    public static let phonesPerShard = 100
    /// The most shards.
    public static let maximum = 8

    /// The shards of a scenario with `phones` phones.
    public init(phones: Int) {
        var count = 1
        while count * 2 <= min(Self.maximum, phones / Self.phonesPerShard) { count *= 2 }
        ranges = (0..<count).map { shard in (shard * phones / count)..<((shard + 1) * phones / count) }
    }

    /// How many worlds run (1: the whole world, not split).
    public var count: Int { ranges.count }
}
