// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// The trace of one run; devices append in event order, which is time order. With a `recorder`
/// each record goes straight to it and nothing is kept; without one the records are collected.
final class TraceLog {
    private(set) var records: [TraceRecord] = []
    var recorder: (any TraceRecorder)?

    func append(_ time: SimTime, phone: String?, _ event: TraceEvent) {
        let record = TraceRecord(time: time, phone: phone, event: event)
        if let recorder { recorder.record(record) } else { records.append(record) }
    }
}
