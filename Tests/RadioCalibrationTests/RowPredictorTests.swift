// SPDX-License-Identifier: GPL-3.0-or-later
import RadioCalibration
import Testing

/// `RowPredictor.predict(rows:)` predicts each distinct window geometry once (issue 30: `fit` on
/// 10^6 rows) and must give exactly what predicting every row gives.
@Suite("Row predictions over a survey")
struct RowPredictorTests {
    @Test("predicting the distinct geometries once equals predicting every row, repeated windows, start-ups and all")
    func sharedGeometry() throws {
        let rows = try SyntheticSurvey.rows(sessions: 2, windows: 6)
        // The survey again, with a few rows moved: geometries that are new among the repeated ones.
        var moved = rows
        for index in stride(from: 0, to: moved.count, by: 7) { moved[index].x += 0.25 }
        let all = rows + moved
        let predictor = try RowPredictor(scenario: SyntheticSurvey.scenario().overlaid(with: SyntheticSurvey.truth))
        let shared = predictor.predict(rows: all)
        let each = all.map(predictor.predict)
        #expect(shared.count == all.count)
        #expect(
            zip(shared, each).allSatisfy {
                $0.rssiMean == $1.rssiMean && $0.detection == $1.detection && $0.sampleSD == $1.sampleSD
            })
        #expect(Set(each.map(\.detection)).count > 2)
        #expect(all.contains { $0.startsScan } && all.contains { !$0.startsScan })
    }
}
