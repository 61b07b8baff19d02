// SPDX-License-Identifier: GPL-3.0-or-later

/// One pending instant of a source in a `SourceScheduling` queue, ordered by (time, source).
@usableFromInline
struct SourceEntry {
    @usableFromInline var time: Int64
    @usableFromInline var source: Int

    @inlinable init(time: Int64, source: Int) {
        self.time = time
        self.source = source
    }

    /// The same-instant rule: at equal times the lower source index goes first.
    @inlinable func precedes(_ other: SourceEntry) -> Bool {
        time != other.time ? time < other.time : source < other.source
    }
}
