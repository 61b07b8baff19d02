// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// The trace of one run; devices append in event order, which is time order. With a `recorder`
/// each record goes to it and nothing is kept; without one the records are collected.
///
/// Records of one instant leave in the timeline's order: the world's own records (a beacon
/// switched, an address rotated) first, then each phone's in the order the scenario lists the
/// phones, each phone's own in the order they were made. The event queue alone would interleave
/// the phones of one instant in the order their events happened to be scheduled; this order is
/// the same in a world of only some of the phones (each phone's records do not depend on the
/// others: `PhoneIndependenceTests`), so worlds of parts of a crowd merge into the same timeline
/// (`SimulationRun`'s phone shards). A world with one phone and no beacons (a capture replay, a
/// live session) has nothing to reorder and hands each record on at once.
final class TraceLog {
    private(set) var records: [TraceRecord] = []
    var recorder: (any TraceRecorder)?
    /// Phone name → its place in the world's phone list (the scenario's order).
    private let ranks: [String: Int]
    /// Whether records of one instant can need reordering (more than one phone, or beacons).
    private let orders: Bool
    /// The current instant's records with their rank (−1: the world's own) and arrival.
    private var instant: [(rank: Int, arrival: Int, record: TraceRecord)] = []
    /// Whether `instant` is already in order (the common case: nothing to sort).
    private var inOrder = true

    /// The log of a world with `phones` (names, in the world's order) and, if `beacons`, beacons
    /// (none of either, as a test's lone phone: records go on as they come).
    init(phones: [String] = [], beacons: Bool = false) {
        ranks = Dictionary(phones.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        orders = phones.count > 1 || beacons
    }

    func append(_ time: SimTime, phone: String?, _ event: TraceEvent) {
        let record = TraceRecord(time: time, phone: phone, event: event)
        guard orders else { return deliver(record) }
        if let last = instant.last, last.record.time != time { finishInstant() }
        // One phone: its records all share one rank, no name to look up.
        let rank = phone.map { ranks.count == 1 ? 0 : ranks[$0] ?? ranks.count } ?? -1
        if let last = instant.last, rank < last.rank { inOrder = false }
        instant.append((rank, instant.count, record))
    }

    /// Hands on the last instant's records (call when the run ends, before reading `records`).
    func finish() { finishInstant() }

    private func finishInstant() {
        if !inOrder { instant.sort { ($0.rank, $0.arrival) < ($1.rank, $1.arrival) } }
        for entry in instant { deliver(entry.record) }
        instant.removeAll(keepingCapacity: true)
        inOrder = true
    }

    private func deliver(_ record: TraceRecord) {
        if let recorder { recorder.record(record) } else { records.append(record) }
    }
}
