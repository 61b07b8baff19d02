// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("fit and predict (CLI)")
struct FitPredictTests {
    @Test("fit rejects a malformed survey with every located error at once, exit 2, and writes nothing")
    func malformedSurvey() throws {
        let out = try CLI.temporaryDirectory().appendingPathComponent("fit")
        let result = try CLI.run([
            "fit", CLI.fixture("survey-venue.yaml"), CLI.fixture("bad-survey.csv"), "--out", out.path,
        ])
        #expect(result.status == 2)
        let survey = CLI.fixture("bad-survey.csv")
        #expect(result.stderr.contains("\(survey):3: error: unknown beacon 'b3'; the venue has: b1, b2"))
        #expect(result.stderr.contains("\(survey):4: error: 'window_s' must be a number, found 'fast'"))
        #expect(result.stderr.contains("\(survey):6: error: expected 12 fields, found 13"))
        #expect(!result.stderr.contains("\(survey):2:"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test("predict keeps every input row and column in order and adds rssi_mean and p_detect")
    func predictRows() throws {
        let out = try CLI.temporaryDirectory().appendingPathComponent("predicted.csv")
        let result = try CLI.run(["predict", CLI.fixture("survey-venue.yaml"), CLI.fixture("points.csv"), "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("somePhone"))  // an unknown device is the generic phone, with a note
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == "label,x,y,z,device,beacon,window_s,rssi_mean,p_detect")
        #expect(lines[1].hasPrefix("near,3,2,,galaxyA5-2017,b1,1,"))
        #expect(lines[3].hasPrefix("\"far, other device\",17,10,,somePhone,b2,0.333,"))
        #expect(lines[4].hasPrefix("same-as-first,"))
        func values(_ line: String) -> (rssi: Double, p: Double) {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            return (Double(fields[fields.count - 2]) ?? .nan, Double(fields[fields.count - 1]) ?? .nan)
        }
        let near = values(lines[1]), wall = values(lines[2])
        #expect(values(lines[4]) == near)  // the same input gives the same output
        // 1 m from a −12 dBm beacon, the A5 profile reads far above −71 dBm; 15 m and a brick wall
        // away it reads less and is heard in fewer windows.
        #expect(near.rssi > -65 && near.rssi < -40)
        #expect(wall.rssi < near.rssi - 15)
        #expect(near.p > 0.3 && near.p <= 0.5)  // the A5's scan ceiling
        #expect(wall.p < near.p)
        // Results are never overwritten.
        let again = try CLI.run(["predict", CLI.fixture("survey-venue.yaml"), CLI.fixture("points.csv"), "--out", out.path])
        #expect(again.status == 2)
        #expect(again.stderr.contains("never overwritten"))
    }
}
