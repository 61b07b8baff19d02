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
