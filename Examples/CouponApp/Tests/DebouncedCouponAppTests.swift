// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSimKit
import CouponApp
import Foundation
import Testing

/// A debounce longer than the background time iOS 13+ gives a task: the app is suspended before
/// the confirmation, which then waits for the next time the app runs.
final class SlowDebounceCouponApp: DebouncedCouponApp {
    override class var exitDebounce: Double { 60 }
}

/// Drives DebouncedCouponApp's own code: its delayed work follows the app's lifecycle.
@Suite struct DebouncedCouponAppTests {
    static let goodbye = "Thanks for visiting!"

    static func exits(_ result: SimulationResult) -> [Double] { result.events(named: "didExitRegion").map(\.time.seconds) }

    static func goodbyes(_ result: SimulationResult) -> [Double] {
        result.notifications.filter { $0.title == goodbye }.map(\.time)
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    @Test("a brief outage (exit, then entry within the debounce) is not taken for leaving: one goodbye, 20 s after the last exit")
    func briefOutage() throws {
        let result = try Simulation.run(
            scenario: CouponAppTests.scenario("brief-outage"), app: DebouncedCouponApp.self, seed: 1)
        let exits = Self.exits(result)
        #expect(exits.count >= 2)  // the outage's exit and the real one
        let goodbyes = Self.goodbyes(result)
        #expect(goodbyes.count == 1)
        let last = try #require(exits.last)
        #expect(Self.close(goodbyes.first ?? 0, last + DebouncedCouponApp.exitDebounce))
        #expect(result.notifications.filter { $0.title == "Welcome back!" }.count == 1)
    }

    @Test("in the background the exit wake's background task keeps the app running: the goodbye comes 20 s after the exit")
    func backgroundExitOnTime() throws {
        let result = try Simulation.run(scenario: CouponAppTests.scenario("store-visit"), app: DebouncedCouponApp.self, seed: 1)
        let exit = try #require(Self.exits(result).last)
        #expect(Self.goodbyes(result).count == 1)
        #expect(Self.close(Self.goodbyes(result).first ?? 0, exit + 20))
        #expect(result.lostCallbacks.isEmpty)
        let killed = result.records.contains { record in
            guard case .appStateChanged(_, _, let reason) = record.event else { return false }
            return reason.rawValue == "backgroundTaskNotEnded"
        }
        #expect(!killed)
    }

    @Test("a 60 s debounce outlives the 30 s task on iOS 13+: the confirmation is deferred; on iOS 12 (180 s) it is on time")
    func debounceLongerThanTheTask() throws {
        let modern = try Simulation.run(
            scenario: CouponAppTests.scenario("store-visit"), app: SlowDebounceCouponApp.self, seed: 1)
        let exit = try #require(Self.exits(modern).last)
        // Suspended at the task's end (the handler ended it); nothing runs at exit + 60 s.
        #expect(!Self.goodbyes(modern).contains { Self.close($0, exit + 60) })
        let deferred = modern.events(named: "timerFired").filter { $0.time.seconds > exit + 60 }
        #expect(Self.goodbyes(modern).count == deferred.count)  // only if the app ran again later

        let old = try Simulation.run(
            scenario: CouponAppTests.scenario("store-visit-ios-12"), app: SlowDebounceCouponApp.self, seed: 1)
        let oldExit = try #require(Self.exits(old).last)
        #expect(Self.goodbyes(old).count == 1)
        #expect(Self.close(Self.goodbyes(old).first ?? 0, oldExit + 60))
    }
}
