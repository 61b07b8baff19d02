// SPDX-License-Identifier: GPL-3.0-or-later

/// Receives a run's trace records as they are produced, in time order (`World.run(recordingTo:)`):
/// a timeline writer and online metrics, so a run holds no trace in memory whatever its length.
public protocol TraceRecorder: AnyObject {
    func record(_ record: TraceRecord)
}
