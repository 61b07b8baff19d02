// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("memory does not grow with the simulated duration")
struct MemoryTests {
    /// A measurement, not a timing: the timeline is streamed to disk and the metrics computed
    /// online, so `run` of 16 simulated hours peaks within 10 % of the same scenario over 1 hour
    /// (a run that kept its trace would grow by about 4 records per simulated second).
    @Test("run: the peak resident memory of a 16 h run is within 10 % of a 1 h run")
    func flatInDuration() throws {
        let folder = try CLI.temporaryDirectory()
        let text = try String(contentsOfFile: CLI.fixture("memory-growth.yaml"), encoding: .utf8)
        var peaks: [Int] = []
        for hours in [1, 16] {
            let scenario = folder.appendingPathComponent("memory-\(hours)h.yaml")
            try text.replacingOccurrences(of: "duration: 1h", with: "duration: \(hours)h")
                .write(to: scenario, atomically: true, encoding: .utf8)
            let usage = try ChildProcess.usage(["run", scenario.path, "--out", folder.appendingPathComponent("out").path])
            #expect(usage.status == 0)
            peaks.append(usage.maxResidentKiB)
        }
        #expect(Double(peaks[1]) <= 1.1 * Double(peaks[0]), "peak RSS 1 h \(peaks[0]) KiB, 16 h \(peaks[1]) KiB")
    }
}
