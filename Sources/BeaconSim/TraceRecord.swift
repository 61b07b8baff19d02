// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// One timestamped event of a run, for one phone (nil for world events such as beacon power).
public struct TraceRecord: Sendable, Hashable {
    public var time: SimTime
    public var phone: String?
    public var event: TraceEvent

    public init(time: SimTime, phone: String?, event: TraceEvent) {
        self.time = time
        self.phone = phone
        self.event = event
    }
}
