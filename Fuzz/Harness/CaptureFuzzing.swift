// SPDX-License-Identifier: GPL-3.0-or-later
internal import HCICapture

/// A capture reader on arbitrary bytes: it reads to the end or throws a `CaptureError` with a
/// byte offset inside the input; it consumes bytes for every record (no loop), and its summary
/// (`inspect`) is computed without a trap.
enum CaptureFuzzing {
    static func run(_ bytes: [UInt8]) {
        do {
            let reader = try CaptureReader(bytes: bytes)
            var observations = 0
            while try reader.nextObservation() != nil {
                observations += 1
                guard observations <= 16 * bytes.count + 16 else { FuzzTarget.fail("the reader loops") }
            }
            guard reader.statistics.records <= bytes.count else { FuzzTarget.fail("more records than bytes") }
            let summary = try CaptureInspector.inspect(bytes: bytes)
            _ = summary.text
            _ = summary.timeSpanSeconds
        } catch let error as CaptureError {
            if let offset = error.offset, offset < 0 || offset > Int64(bytes.count) {
                FuzzTarget.fail("error offset \(offset) outside a \(bytes.count)-byte input: \(error.message)")
            }
            guard error.message.contains("byte offset") || error.offset == nil else {
                FuzzTarget.fail("capture error without its byte offset: \(error.message)")
            }
        } catch {
            FuzzTarget.fail("unexpected error type \(error)")
        }
    }
}
