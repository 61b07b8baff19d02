// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import RadioCalibration
import ScenarioFormat
import Testing

@Suite("Survey files")
struct SurveyReaderTests {
    let header = "point,session,sample,t_s,window_s,x,y,z,device,tx_power_dbm,beacon,rssi"

    @Test("every problem is reported at once, each at its line")
    func locatedErrors() {
        let text = [
            header,
            "p1,s,1,,1,1.0,2.0,,phone,-12,B1,-70",
            "p1,s,2,,one,1.0,2.0,,phone,-12,B1,-70",
            "p1,s,3,,1,1.0,2.0,,phone,-12,B9,-70",
            "p1,s,4,,1,1.0,2.0,,phone,-12,B1",
            "p1,s,5,,1,1.0,2.0,,,-12,B1,loud",
        ].joined(separator: "\n")
        #expect {
            try SurveyReader.parse(text: text, path: "s.csv", beacons: ["B1", "B2"])
        } throws: { error in
            let text = String(describing: error)
            return text.contains("s.csv:3: error: 'window_s' must be a number, found 'one'")
                && text.contains("s.csv:4: error: unknown beacon 'B9'; the venue has: B1, B2")
                && text.contains("s.csv:5: error: expected 12 fields, found 11")
                && text.contains("s.csv:6: error: 'rssi' must be a number, found 'loud'")
                && text.contains("s.csv:6: error: 'device' is empty")
                && !text.contains("s.csv:2:")
        }
    }

    @Test("200,000 bad rows: the first five of the kind in full, then one line counting the rest")
    func repeatedProblemsSummarised() {
        let text = ([header] + (1...200_000).map { "p\($0),s,1,,1,1.0,2.0,,phone,-12,nope,-70" }).joined(separator: "\n")
        #expect {
            try SurveyReader.parse(text: text, path: "s.csv", beacons: ["B1"])
        } throws: { error in
            let lines = String(describing: error).split(separator: "\n")
            return lines.count == 6 && lines[0] == "s.csv:2: error: unknown beacon 'nope'; the venue has: B1"
                && lines[5] == "note: 199995 more errors like the 5 above not shown"
        }
    }

    @Test("a FIFO or a device given as the survey is refused by its type, not waited on")
    func specialFiles() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("survey-\(UUID().uuidString).csv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        for (path, kind) in [(fifo, "a FIFO (named pipe)"), ("/dev/zero", "a character device")] {
            #expect {
                try SurveyReader.read(path: path, beacons: ["B1"])
            } throws: { error in
                String(describing: error) == "\(path):1: error: cannot read the file: it is \(kind), not a regular file"
            }
        }
    }

    @Test("a missing column is named; quoted fields and CRLF line ends are read")
    func columnsAndQuoting() throws {
        #expect {
            try SurveyReader.parse(text: "point,x,y\np,1,2\n", path: "s.csv", beacons: [])
        } throws: { String(describing: $0).hasPrefix("s.csv:1: error: missing columns 'window_s', 'z'") }
        let text = header + "\r\n\"p,1\",s,1,,0.333,1,2,1.3,\"dev \"\"a\"\"\",,B1,\r\n"
        let rows = try SurveyReader.parse(text: text, path: "s.csv", beacons: ["B1"]).rows
        #expect(rows.count == 1)
        #expect(rows[0].point == "p,1")
        #expect(rows[0].device == "dev \"a\"")
        #expect(rows[0].rssi == nil)
        #expect(rows[0].z == 1.3)
        #expect(rows[0].txPower == nil)
    }
}
