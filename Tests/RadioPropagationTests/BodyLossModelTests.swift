// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import RadioPropagation

@Suite("BodyLossModel")
struct BodyLossModelTests {
    /// The quiet-link bound takes the carrier's least body loss over a straight stretch from its
    /// ends; every point between must cost at least that, whichever way the beacon lies, with a
    /// step at side-on (no transition) or the ±60° ramp, the usual order (front < behind) or the
    /// reverse, and stretches that pass the beacon, end side-on or start exactly beside it.
    @Test("the least loss of a straight stretch is at most the loss at every point of it")
    func leastLossBoundsTheStretch() {
        let models = [
            BodyLossModel(front: 0, behind: 6, transition: 0), .hand, .pocket,
            BodyLossModel(front: 9, behind: 2, transition: 0), BodyLossModel(front: 9, behind: 2, transition: 30),
        ]
        let beacon = PlanPoint(x: 3, y: 4)
        var passed = 0
        for model in models {
            for walk in 0..<60 {
                let angle = Double(walk) * 0.37
                let heading = PlanPoint(x: cos(angle), y: sin(angle))
                let offset = walk % 6 == 0 ? 0 : Double(walk % 7) - 3  // 0: the walk runs through the beacon
                let side = PlanPoint(x: -heading.y, y: heading.x)
                let start = beacon - heading * (Double(walk % 5) * 2 - 3) + side * offset
                let end = start + heading * (1 + Double(walk % 4) * 3)
                let least = model.leastLoss(heading: heading, start: beacon - start, end: beacon - end)
                for step in 0...400 {
                    let point = start + (end - start) * (Double(step) / 400)
                    #expect(model.loss(heading: heading, toBeacon: beacon - point) >= least)
                }
                if least > min(model.front, model.behind) { passed += 1 }
            }
        }
        #expect(passed > 50)  // the bound is tighter than the smaller figure on many of these walks
        // Side-on at an end: the smaller figure, whatever the other end says.
        let model = BodyLossModel(front: 0, behind: 6, transition: 0)
        let heading = PlanPoint(x: 1, y: 0)
        #expect(model.leastLoss(heading: heading, start: PlanPoint(x: -5, y: 1), end: PlanPoint(x: 0, y: 1)) == 0)
        #expect(abs(model.leastLoss(heading: heading, start: PlanPoint(x: -5, y: 1), end: PlanPoint(x: -9, y: 1)) - 6) < 1e-8)
    }
}
