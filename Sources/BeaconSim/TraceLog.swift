// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// The growing trace of one run; devices append in event order, which is time order.
final class TraceLog {
    private(set) var records: [TraceRecord] = []

    func append(_ time: SimTime, phone: String?, _ event: TraceEvent) {
        records.append(TraceRecord(time: time, phone: phone, event: event))
    }
}
