// SPDX-License-Identifier: GPL-3.0-or-later

/// One pending instant of a source in a `SourceScheduling` queue, ordered by (time, source).
struct SourceEntry {
    var time: Int64
    var source: Int

    init(time: Int64, source: Int) {
        self.time = time
        self.source = source
    }

    /// The same-instant rule: at equal times the lower source index goes first.
    func precedes(_ other: SourceEntry) -> Bool {
        time != other.time ? time < other.time : source < other.source
    }
}
