// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim

/// Where a simulation's trace goes as it runs (`World.run(recordingTo:)`): each record is written
/// to the timeline file at once and fed to the online metrics, and the app callbacks are counted.
/// Nothing is kept, so memory does not grow with the simulated duration.
public final class RunRecording: TraceRecorder {
    private let timeline: ResultFile?
    private let metrics: MetricsAccumulator?
    /// Records seen, and how many of them were app callbacks (`did…`).
    public private(set) var records = 0
    public private(set) var callbacks = 0

    /// `timeline`: the timeline.jsonl being written (nil: none); `metrics`: the online metrics (nil: none).
    public init(timeline: ResultFile?, metrics: MetricsAccumulator?) {
        self.timeline = timeline
        self.metrics = metrics
    }

    public func record(_ record: TraceRecord) {
        records += 1
        if record.event.name.hasPrefix("did") { callbacks += 1 }
        metrics?.record(record)
        if let timeline {
            timeline.append(TimelineWriter.line(record))
            timeline.append("\n")
        }
    }
}
