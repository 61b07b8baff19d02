// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSimKit
import CouponApp
import Foundation
import Testing

/// The CLMonitor version of the store app beside the delegate version: the same scenario (its
/// `api` flipped for the delegate app), the same seed.
@Suite struct MonitorCouponAppTests {
    /// CouponApp (the delegate API) in the scenario `name`, its phones' app API flipped to the
    /// region API: the same phones, paths, beacons and seed.
    static func runDelegateVersion(_ name: String, seed: UInt64) throws -> SimulationResult {
        var scenario = try Simulation.loadScenario(path: CouponAppTests.scenario(name))
        for index in scenario.phones.indices { scenario.phones[index].app.api = .regionMonitoring }
        return try Simulation.run(scenario: scenario, app: CouponApp.self, seed: seed)
    }

    static func seconds(_ result: SimulationResult, _ event: String) -> [Double] {
        result.events(named: event).map { $0.time.seconds }
    }

    static func times(_ notifications: [SimulationResult.Notification]) -> [Double] { notifications.map { $0.time } }

    /// The instants of the monitor's `satisfied` / `unsatisfied` events (without diagnostics) that
    /// change the state, as the example app reads them.
    static func transitions(_ result: SimulationResult) -> (entries: [Double], exits: [Double]) {
        var entries: [Double] = []
        var exits: [Double] = []
        var inside = false
        for record in result.events(named: "monitorEvent") {
            guard case .monitorEvent(let event) = record.event, event.diagnostics.isEmpty else { continue }
            if event.state == .satisfied, !inside { entries.append(record.time.seconds) }
            if event.state == .unsatisfied, inside { exits.append(record.time.seconds) }
            if event.state == .satisfied || event.state == .unsatisfied { inside = event.state == .satisfied }
        }
        return (entries, exits)
    }

    @Test func oneVisitGivesOneCouponWithEitherAPIAtTheSameInstants() throws {
        let monitor = try Simulation.run(
            scenario: CouponAppTests.scenario("store-visit-monitor"), app: MonitorCouponApp.self, seed: 1)
        let delegate = try Self.runDelegateVersion("store-visit-monitor", seed: 1)
        #expect(monitor.notifications.count == 1)
        #expect(delegate.notifications.count == 1)
        // The same Core Location engine decides both: the entry and the exit come at the same
        // instants; only their form differs (state events instead of didEnter/didExit).
        let (entries, exits) = Self.transitions(monitor)
        #expect(entries == Self.seconds(delegate, "didEnterRegion"))
        #expect(exits == Self.seconds(delegate, "didExitRegion"))
        #expect(Self.times(monitor.notifications) == Self.times(delegate.notifications))
        #expect(monitor.events(named: "didEnterRegion").isEmpty)
        // Ranging stays on the location manager, served through the condition.
        #expect(monitor.actions.contains { $0.kind == .startedRanging(CouponApp.storeIdentity) })
        #expect(!monitor.events(named: "didRangeBeacons").isEmpty)
        #expect(monitor.actions.contains { $0.kind == .openedMonitor(name: "coupons") })
        #expect(monitor.actions.contains { $0.kind == .tookServiceSession(.always) })
        // The condition came from the earlier session (the scenario's): the app did not re-add it.
        #expect(!monitor.actions.contains { if case .addedCondition = $0.kind { true } else { false } })
        #expect(monitor.lostCallbacks.isEmpty)
        #expect(monitor.metrics == delegate.metrics)
    }

    @Test func killedAppReopensItsMonitorAndGetsItsCoupon() throws {
        let monitor = try Simulation.run(
            scenario: CouponAppTests.scenario("killed-before-visit-monitor"), app: MonitorCouponApp.self, seed: 1)
        let delegate = try Self.runDelegateVersion("killed-before-visit-monitor", seed: 1)
        #expect(monitor.actions.contains { $0.kind == .launched(locationEvent: true) })
        #expect(monitor.notifications.count == 1)
        #expect(Self.times(monitor.notifications) == Self.times(delegate.notifications))
        #expect(monitor.events(named: "conditionUnmonitored").isEmpty)
        #expect(monitor.lostCallbacks.isEmpty)
    }

    /// The app that opens its monitor only when the user opens it: relaunched for the entry, it
    /// does not open it, so Core Location stops monitoring the store — no coupon, no more events,
    /// and nothing tells the app until it next opens a monitor.
    @Test func forgetfulAppStopsGettingEventsAfterAKill() throws {
        let result = try Simulation.run(
            scenario: CouponAppTests.scenario("killed-before-visit-monitor"), app: ForgetfulMonitorCouponApp.self, seed: 1)
        #expect(result.actions.contains { $0.kind == .launched(locationEvent: true) })
        #expect(result.notifications.isEmpty)
        let stopped = try #require(result.events(named: "conditionUnmonitored").first)
        let relaunch = try #require(result.events(named: "didFinishLaunching").last)
        #expect(stopped.time == relaunch.time)
        #expect(result.events(named: "monitorEvent").allSatisfy { $0.time < stopped.time })
        #expect(Self.transitions(result).exits.isEmpty)  // the exit is never reported either
        // The delegate app with the same bug loses callbacks loudly (`callbackLost`); this one
        // loses the condition itself.
        // The same broken app passes the no-kill visit: only the kill scenario catches it.
        let visit = try Simulation.run(
            scenario: CouponAppTests.scenario("store-visit-monitor"), app: ForgetfulMonitorCouponApp.self, seed: 1)
        #expect(visit.notifications.count == 1)
    }

    /// Across seeds (and the two-visit scenario with its false exits): the same instants with
    /// either API, and the forgetful app never gets a coupon after the kill.
    @Test(arguments: 1...5 as ClosedRange<UInt64>)
    func bothAPIsAgreeAcrossSeeds(seed: UInt64) throws {
        let path = CouponAppTests.scenario("killed-before-visit-monitor")
        let monitor = try Simulation.run(scenario: path, app: MonitorCouponApp.self, seed: seed)
        let delegate = try Self.runDelegateVersion("killed-before-visit-monitor", seed: seed)
        let (entries, exits) = Self.transitions(monitor)
        #expect(entries == Self.seconds(delegate, "didEnterRegion"))
        #expect(exits == Self.seconds(delegate, "didExitRegion"))
        #expect(monitor.notifications.count == 1)
        let forgetful = try Simulation.run(scenario: path, app: ForgetfulMonitorCouponApp.self, seed: seed)
        #expect(forgetful.notifications.isEmpty)
        #expect(forgetful.events(named: "conditionUnmonitored").count == 1)
    }

    /// `ios-26` takes the one report that force-quit apps are no longer relaunched (L): swiped away
    /// before the visit, neither version is relaunched for the entry, so neither shows the coupon.
    @Test func onIOS26NeitherVersionIsRelaunchedAfterAForceQuit() throws {
        var scenario = try Simulation.loadScenario(path: CouponAppTests.scenario("killed-before-visit-monitor"))
        scenario.phones[0].os = "ios-26"
        let monitor = try Simulation.run(scenario: scenario, app: MonitorCouponApp.self, seed: 1)
        scenario.phones[0].app.api = .regionMonitoring
        let delegate = try Simulation.run(scenario: scenario, app: CouponApp.self, seed: 1)
        for result in [monitor, delegate] {
            #expect(result.notifications.isEmpty)
            #expect(!result.actions.contains { $0.kind == .launched(locationEvent: true) })
        }
    }

    @Test func sameSeedGivesTheSameTimeline() throws {
        let path = CouponAppTests.scenario("killed-before-visit-monitor")
        let first = try Simulation.run(scenario: path, app: MonitorCouponApp.self, seed: 7)
        let second = try Simulation.run(scenario: path, app: MonitorCouponApp.self, seed: 7)
        #expect(first.timeline == second.timeline)
        #expect(first.actions == second.actions)
        #expect(first.timeline.contains("\"event\":\"monitorEvent\""))
    }
}
