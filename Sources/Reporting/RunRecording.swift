// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import ScenarioFormat

/// Where a simulation's trace goes as it runs (`World.run(recordingTo:)`, Sessions' `ReplicationMeasurement`): each record is written
/// to the timeline file at once and fed to the online metrics, the app callbacks are counted, and
/// only the records the scenario's event claims can match are kept. Memory therefore does not
/// grow with the simulated duration (unless a claim counts an event that recurs all run long).
public final class RunRecording: TraceRecorder {
    private let timeline: ResultFile?
    /// How didRangeBeacons records are written to `timeline`.
    private let ranging: OutputSpec.Ranging
    private let metrics: MetricsAccumulator?
    /// Event names whose records are kept (`EventMeasure.eventNames`).
    private let keeping: Set<String>
    /// The kept records, in time order.
    public private(set) var kept: [TraceRecord] = []
    /// Records seen, and how many of them were app callbacks (`did…`).
    public private(set) var records = 0
    public private(set) var callbacks = 0

    /// `timeline`: the timeline.jsonl being written (nil: none); `metrics`: the online metrics
    /// (nil: none); `keeping`: the names of the events whose records to keep; `ranging`: how
    /// much of a didRangeBeacons record the timeline gets.
    public init(
        timeline: ResultFile?, metrics: MetricsAccumulator?, keeping: Set<String> = [], ranging: OutputSpec.Ranging = .full
    ) {
        self.timeline = timeline
        self.ranging = ranging
        self.metrics = metrics
        self.keeping = keeping
    }

    public func record(_ record: TraceRecord) {
        records += 1
        let name = record.event.name
        if name.hasPrefix("did") { callbacks += 1 }
        if keeping.contains(name) { kept.append(record) }
        metrics?.record(record)
        timeline?.write { TimelineWriter.write(record, ranging: ranging, into: &$0) }
    }
}
