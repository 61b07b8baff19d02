// SPDX-License-Identifier: GPL-3.0-or-later

/// Everything one run produced: its trace and counters.
public struct RunResult: Sendable {
    public var replication: Int
    public var seed: UInt64
    /// Every trace record, in time order; empty when the run streamed them to a `TraceRecorder`.
    public var trace: [TraceRecord]
    /// Advertising packets transmitted (three per advertising event) while powered.
    public var packetsSent: Int
    /// Packets some phone's radio received inside a scan window.
    public var packetsReceived: Int
    /// Engine events handled.
    public var eventsHandled: Int
    /// Link evaluations: a listening beacon→phone link's mean power and shadowing computed for one
    /// advertising event (the fast loop skips links that cannot be heard).
    public var linkEvaluations = 0

    package init(
        replication: Int, seed: UInt64, trace: [TraceRecord], packetsSent: Int, packetsReceived: Int, eventsHandled: Int
    ) {
        self.replication = replication
        self.seed = seed
        self.trace = trace
        self.packetsSent = packetsSent
        self.packetsReceived = packetsReceived
        self.eventsHandled = eventsHandled
    }
}
