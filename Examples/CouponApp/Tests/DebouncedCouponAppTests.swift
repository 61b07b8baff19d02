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

/// Drives DebouncedCouponApp's own code: its delayed work follows the app's lifecycle. Expected
/// goodbyes come from the timeline: one `debounce` after every exit that no entry follows within
/// the debounce.
@Suite struct DebouncedCouponAppTests {
    static let goodbye = "Thanks for visiting!"

    static func times(_ result: SimulationResult, _ event: String) -> [Double] {
        result.events(named: event).map(\.time.seconds)
    }

    static func goodbyes(_ result: SimulationResult) -> [Double] {
        result.notifications.filter { $0.title == goodbye }.map(\.time)
    }

    /// Exits with no entry within `debounce` after them: the ones the app confirms.
    static func lasting(_ result: SimulationResult, debounce: Double) -> [Double] {
        let entries = times(result, "didEnterRegion")
        return times(result, "didExitRegion").filter { exit in !entries.contains { $0 > exit && $0 <= exit + debounce } }
    }

    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 }
    }

    @Test("a brief outage (an exit, then an entry within the debounce) is not taken for leaving; lasting exits are, 20 s later")
    func briefOutage() throws {
        let result = try Simulation.run(
            scenario: CouponAppTests.scenario("brief-outage"), app: DebouncedCouponApp.self, seed: 1)
        let debounce = DebouncedCouponApp.exitDebounce
        let lasting = Self.lasting(result, debounce: debounce)
        // The outage (beacons off 420–451 s) gave an exit that an entry followed within 20 s.
        let outageExit = try #require(Self.times(result, "didExitRegion").first { $0 > 420 && $0 < 500 })
        #expect(!lasting.contains(outageExit))
        #expect(!lasting.isEmpty)
        #expect(Self.close(Self.goodbyes(result), lasting.map { $0 + debounce }))
        #expect(result.notifications.filter { $0.title == "Welcome back!" }.count == 1)
    }

    @Test("in the background the exit wake's background task keeps the app running: each goodbye comes 20 s after its exit")
    func backgroundExitOnTime() throws {
        let result = try Simulation.run(scenario: CouponAppTests.scenario("store-visit"), app: DebouncedCouponApp.self, seed: 1)
        let lasting = Self.lasting(result, debounce: 20)
        #expect(!lasting.isEmpty)
        #expect(Self.close(Self.goodbyes(result), lasting.map { $0 + 20 }))
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
        let due = Self.lasting(modern, debounce: 60).map { $0 + 60 }
        #expect(!due.isEmpty)
        // Suspended when the task ran out (the handler ended it): nothing runs when the work is due.
        #expect(!Self.goodbyes(modern).contains { goodbye in due.contains { abs($0 - goodbye) < 1e-6 } })
        let deferred = modern.records.filter { record in
            guard case .timerFired(_, let scheduledFor) = record.event else { return false }
            return record.time > scheduledFor
        }
        #expect(Self.goodbyes(modern).count == deferred.count)  // only late, when the app ran again

        let old = try Simulation.run(
            scenario: CouponAppTests.scenario("store-visit-ios-12"), app: SlowDebounceCouponApp.self, seed: 1)
        let oldDue = Self.lasting(old, debounce: 60).map { $0 + 60 }
        #expect(!oldDue.isEmpty)
        #expect(Self.close(Self.goodbyes(old), oldDue))
    }
}
