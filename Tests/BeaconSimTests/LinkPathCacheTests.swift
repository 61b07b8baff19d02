// SPDX-License-Identifier: GPL-3.0-or-later
@testable import BeaconSim
import RadioPropagation
import Testing

/// The per-link cache of the run loop: a dwell's mean power is computed once and reused only
/// while nothing in it can change; the quiet-retry mark goes with the leg.
@Suite("LinkPathCache")
struct LinkPathCacheTests {
    static func profile() -> WallLossProfile {
        WallLossProfile(walls: WallIndex(walls: []), beacon: .zero, from: PlanPoint(x: 3, y: 4), to: PlanPoint(x: 3, y: 4))
    }

    static func sample(leg: Int, speed: Double, x: Double = 3) -> Trajectory.Sample {
        Trajectory.Sample(
            leg: leg, fraction: 0, position: PlanPoint(x: x, y: 4), heading: PlanPoint(x: 1, y: 0), speed: speed, floor: 0)
    }

    @Test("a dwell computes its mean once; walking, moving bystanders or a new leg compute again")
    func dwellMean() {
        var cache = LinkPathCache()
        var calls = 0
        // The table's order of questions (`LinkTable.meanPower`), with a figure that counts its computations.
        func mean(_ sample: Trajectory.Sample, reusable: Bool = true, floorKey: Int = 0) -> Double {
            if let kept = cache.keptMean(at: sample, floorKey: floorKey, reusable: reusable) { return kept.dBm }
            if cache.isStale(at: sample, floorKey: floorKey) {
                cache.rebuild(Self.profile(), leg: sample.leg, floorKey: floorKey)
            }
            calls += 1
            let computed = (dBm: -60 - Double(calls) - cache.wallLoss(at: sample.fraction), lineOfSight: true)
            cache.keep(computed, at: sample, reusable: reusable)
            return computed.dBm
        }
        let dwell = Self.sample(leg: 2, speed: 0)
        #expect(mean(dwell) == -61)
        #expect(mean(dwell) == -61 && calls == 1)  // the same dwell: reused
        #expect(mean(dwell, reusable: false) == -62)  // bystanders move: computed
        #expect(mean(dwell, floorKey: 1) == -63)  // another floor pair: a rebuild, computed
        #expect(mean(dwell, floorKey: 1) == -63 && calls == 3)
        #expect(mean(Self.sample(leg: 3, speed: 0)) == -64)  // the next dwell
        let walking = Self.sample(leg: 4, speed: 1.2)
        #expect(mean(walking) == -65 && mean(walking) == -66)  // a walking phone: every time
    }

    /// What the table does for each link-event: a new leg or floor pair rebuilds the cache.
    static func visit(_ cache: inout LinkPathCache, _ sample: Trajectory.Sample) {
        if cache.isStale(at: sample, floorKey: 0) { cache.rebuild(profile(), leg: sample.leg, floorKey: 0) }
    }

    @Test("a quiet attempt's stretch bound holds until the stretch's end, and a new leg forgets it")
    func stretchBound() {
        var cache = LinkPathCache()
        func visit(_ sample: Trajectory.Sample) { Self.visit(&cache, sample) }
        visit(Self.sample(leg: 1, speed: 1))
        #expect(cache.stretch(at: 0) == nil)
        cache.keepStretch(bound: -101.5, until: 2_000)
        #expect(cache.stretch(at: 1_999)?.bound == -101.5 && cache.stretch(at: 1_999)?.end == 2_000)
        #expect(cache.stretch(at: 2_000) == nil)  // the phone has left the stretch
        visit(Self.sample(leg: 1, speed: 1, x: 3.5))  // the same leg: kept
        #expect(cache.stretch(at: 1_000)?.bound == -101.5)
        visit(Self.sample(leg: 2, speed: 1))
        #expect(cache.stretch(at: 1_000) == nil)
    }

    @Test("a failed quiet attempt is not repeated on the same leg before its retry time, and a new leg clears it")
    func quietRetry() {
        var cache = LinkPathCache()
        func visit(_ sample: Trajectory.Sample) { Self.visit(&cache, sample) }
        visit(Self.sample(leg: 1, speed: 1))
        cache.quietRetry = 5_000
        visit(Self.sample(leg: 1, speed: 1, x: 3.5))
        #expect(cache.quietRetry == 5_000)
        visit(Self.sample(leg: 2, speed: 1))
        #expect(cache.quietRetry == .min)
    }
}
