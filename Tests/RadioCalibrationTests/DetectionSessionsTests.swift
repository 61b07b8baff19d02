// SPDX-License-Identifier: GPL-3.0-or-later
import RadioCalibration
import Testing

@Suite("Sessions that give detection rates")
struct DetectionSessionsTests {
    /// Windows `samples` of one session, device and beacon, 1/3 s apart unless `times` says otherwise.
    static func rows(
        _ session: String, samples: [Int], times: [Double]? = nil, detected: (Int) -> Bool = { _ in true }
    ) -> [SurveyRow] {
        samples.enumerated().map { offset, sample in
            SurveyRow(
                point: "\(session)-p", session: session, sample: sample,
                time: times.map { $0[offset] } ?? Double(sample - 1) / 3, windowSeconds: 1.0 / 3, x: 0, y: 0,
                device: "d", beacon: "b", rssi: detected(sample) ? -70 : nil)
        }
    }

    @Test("a session with every window in the file counts, empty windows and all")
    func complete() {
        let sessions = DetectionSessions(rows: Self.rows("walk", samples: Array(1...300)) { $0 % 4 != 0 })
        #expect(sessions.excluded.isEmpty)
        #expect(sessions.counts(Self.rows("walk", samples: [1])[0]))
    }

    @Test("windows dropped from the file show as sample jumps or as t_s jumps, and exclude the session")
    func dropped() throws {
        // Every fourth window was empty and dropped: the sample index skips.
        let bySample = Self.rows("a", samples: Array(1...400).filter { $0 % 4 != 0 })
        // Runs of three of every eight windows dropped, renumbered 1…250 by the source; t_s still
        // shows the gaps (four windows apart).
        let kept = Array(1...400).filter { ($0 - 1) % 8 < 5 }
        let byTime = Self.rows("b", samples: Array(1...250), times: kept.map { Double($0 - 1) / 3 })
        let sessions = DetectionSessions(rows: bySample + byTime + Self.rows("c", samples: Array(1...300)))
        #expect(sessions.excluded.map(\.session) == ["a", "b"])
        let a = try #require(sessions.excluded.first)
        #expect(a.windows == 300 && a.skips == 99)
        #expect(abs(a.droppedShare - 99.0 / 399) < 1e-12)
        #expect(a.reason.contains("RSSI only"))
        #expect(!sessions.counts(bySample[0]) && !sessions.counts(byTime[0]))
        #expect(sessions.counts(Self.rows("c", samples: [1])[0]))
    }

    @Test("a pause between runs filed under one session is one skip; a few dropped windows are tolerated")
    func pauses() {
        // 400 windows in two runs an hour apart, and two gaps of three windows: 3 skips, 0.74 % ≤ 1 %.
        var times = (0..<400).map { Double($0) / 3 }
        for index in 200..<400 { times[index] += 3600 }
        for index in 300..<400 { times[index] += 1 }
        for index in 350..<400 { times[index] += 1 }
        #expect(DetectionSessions(rows: Self.rows("runs", samples: Array(1...400), times: times)).excluded.isEmpty)
        // Reading times that wander within their windows (up to 0.9 of one) are no skips.
        let jittered = (0..<400).map { Double($0) / 3 + ($0 % 2 == 0 ? 0 : 0.3) }
        #expect(DetectionSessions(rows: Self.rows("jitter", samples: Array(1...400), times: jittered)).excluded.isEmpty)
        // Three more gaps (6 skips, 1.48 %) are too many.
        for index in 100..<400 { times[index] += 1 }
        for index in 150..<400 { times[index] += 1 }
        for index in 250..<400 { times[index] += 1 }
        let excluded = DetectionSessions(rows: Self.rows("runs", samples: Array(1...400), times: times)).excluded
        #expect(excluded.map(\.skips) == [6])
    }
}
