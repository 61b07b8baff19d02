// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
internal import Foundation
internal import Reporting

/// A live session's trace as it is produced: each record's timeline.jsonl line written at once
/// (so an interruption keeps what was written), its live line shown, and the record kept for the
/// metrics written at the end.
final class LiveTimeline: TraceRecorder {
    private let handle: FileHandle
    private let path: String
    private let show: ((String) -> Void)?
    private(set) var records: [TraceRecord] = []
    /// The first write that failed; `check()` throws it.
    private var failure: (any Error)?

    /// Creates timeline.jsonl in `directory`. Throws `ResultsError` when it cannot.
    init(in directory: URL, show: ((String) -> Void)?) throws {
        let url = directory.appendingPathComponent("timeline.jsonl")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw ResultsError(path: url.path, message: "cannot create")
        }
        handle = try FileHandle(forWritingTo: url)
        path = url.path
        self.show = show
    }

    func record(_ record: TraceRecord) {
        records.append(record)
        if failure == nil {
            do { try handle.write(contentsOf: Data((TimelineWriter.line(record) + "\n").utf8)) } catch { failure = error }
        }
        if let show, let line = LiveConsole.line(record) { show(line) }
    }

    /// Throws the first write error, as `ResultsError`.
    func check() throws {
        if let failure { throw ResultsError(path: path, message: FileErrorText.describe(failure) ?? "\(failure)") }
    }

    func close() { try? handle.close() }
}
