// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSimKit
import CouponApp
import Foundation
import Testing

/// Drives CouponApp's own code through the store scenarios of `Examples/CouponApp/Scenarios`.
@Suite struct CouponAppTests {
    static func scenario(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios/\(name).yaml").path
    }

    @Test func oneVisitGivesOneCoupon() throws {
        let result = try Simulation.run(scenario: Self.scenario("store-visit"), app: CouponApp.self, seed: 1)
        #expect(result.notifications.count == 1)
        #expect(result.notifications.first?.title == "Welcome back!")
        let entry = try #require(result.events(named: "didEnterRegion").first)
        #expect(result.notifications.first?.time == entry.time.seconds)  // posted inside the entry callback
        #expect(result.actions.contains { $0.kind == .startedRanging(CouponApp.storeIdentity) })
        #expect(result.actions.contains { $0.kind == .stoppedRanging(CouponApp.storeIdentity) })
        #expect(result.actions.contains { $0.kind == .beganBackgroundTask })
        #expect(result.lostCallbacks.isEmpty)
    }

    @Test func twoVisitsTenMinutesApartGiveOneCoupon() throws {
        let result = try Simulation.run(scenario: Self.scenario("two-visits-10-min"), app: CouponApp.self, seed: 1)
        // Early entries heard from the mall and false exits give more than two entries; the
        // 30-minute rule is what keeps it to one coupon.
        #expect(result.events(named: "didEnterRegion").count >= 2)
        #expect(result.notifications.count == 1)
    }

    @Test func twoVisitsFortyMinutesApartGiveTwoCoupons() throws {
        let result = try Simulation.run(scenario: Self.scenario("two-visits-40-min"), app: CouponApp.self, seed: 1)
        #expect(result.events(named: "didEnterRegion").count >= 2)
        #expect(result.notifications.count == 2)
        let times = result.notifications.map(\.time)
        #expect(times.count == 2 && times[1] - times[0] > 30 * 60)
    }

    @Test func killedAppStillGetsItsCoupon() throws {
        let result = try Simulation.run(scenario: Self.scenario("killed-before-visit"), app: CouponApp.self, seed: 1)
        #expect(result.actions.contains { $0.kind == .launched(locationEvent: true) })
        #expect(result.notifications.count == 1)
        #expect(result.lostCallbacks.isEmpty)
    }

    /// The tests catch a broken app: without the manager at launch the relaunch delivers nothing.
    @Test func forgetfulAppGetsNoCouponAfterAKill() throws {
        let result = try Simulation.run(scenario: Self.scenario("killed-before-visit"), app: ForgetfulCouponApp.self, seed: 1)
        #expect(result.notifications.isEmpty)
        #expect(!result.lostCallbacks.isEmpty)
        // The same broken app passes the no-kill visit: only the kill scenario catches it.
        let visit = try Simulation.run(scenario: Self.scenario("store-visit"), app: ForgetfulCouponApp.self, seed: 1)
        #expect(visit.notifications.count == 1)
    }

    @Test func sameSeedGivesTheSameTimeline() throws {
        let first = try Simulation.run(scenario: Self.scenario("two-visits-40-min"), app: CouponApp.self, seed: 7)
        let second = try Simulation.run(scenario: Self.scenario("two-visits-40-min"), app: CouponApp.self, seed: 7)
        #expect(first.timeline == second.timeline)
        #expect(first.actions == second.actions)
        #expect(first.timeline.contains("\"event\":\"notificationPosted\""))
    }

    @Test func couponOnEveryVisitAcrossReplications() throws {
        let results = try Simulation.runReplications(scenario: Self.scenario("store-visit"), app: CouponApp.self, seed: 1, n: 10)
        #expect(results.count == 10)
        #expect(results.allSatisfy { $0.notifications.count == 1 })
    }

    /// Replications run in parallel; each has its own world, streams and app instances, so the
    /// results are the same on one thread and on several.
    @Test func replicationsDoNotDependOnTheThreadCount() throws {
        let path = Self.scenario("two-visits-10-min")
        let serial = try Simulation.runReplications(scenario: path, app: DebouncedCouponApp.self, seed: 5, n: 6, threads: 1)
        let parallel = try Simulation.runReplications(scenario: path, app: DebouncedCouponApp.self, seed: 5, n: 6, threads: 4)
        #expect(serial.map(\.replication) == Array(0..<6))
        #expect(serial.map(\.timeline) == parallel.map(\.timeline))
        #expect(serial.map(\.actions) == parallel.map(\.actions))
        #expect(serial.map(\.metrics) == parallel.map(\.metrics))
        #expect(Set(serial.map(\.timeline)).count > 1)  // the replications differ from one another
    }

    @Test func policyRearmsOnlyAfterThirtyMinutesOutside() {
        var policy = CouponPolicy()
        var answers: [Bool] = []
        answers.append(policy.entered(at: 0))
        answers.append(policy.entered(at: 10))  // the same visit
        policy.exited(at: 100)
        answers.append(policy.entered(at: 100 + 29 * 60))
        policy.exited(at: 2000)
        answers.append(policy.entered(at: 2000 + 30 * 60))
        #expect(answers == [true, false, false, true])
    }
}
