// SPDX-License-Identifier: GPL-3.0-or-later
@testable import PhoneModel
import SimulationCore
import Testing

@Suite("AppLifecycle")
struct AppLifecycleTests {
    func lifecycle(
        _ initial: AppState, profile: OSProfile = .iOS, authorization: LocationAuthorization = .always,
        refresh: Bool = true
    ) -> AppLifecycle {
        AppLifecycle(initial: initial, profile: profile, authorization: authorization, backgroundRefresh: refresh)
    }

    @Test("a suspended app is woken for 10 s, then suspended again")
    func wakeWindow() {
        var app = lifecycle(.suspended)
        let decision = app.wakeForRegionEvent(at: .seconds(100))
        #expect(decision.isDelivered)
        #expect(decision.effects == [.stateChanged(from: .suspended, to: .background, reason: .regionEvent)])
        #expect(app.nextDeadline == .seconds(110))
        let value1 = app.advance(to: .seconds(109))
        #expect(value1.isEmpty)
        let value2 = app.advance(to: .seconds(110))
        #expect(value2 == [.stateChanged(from: .background, to: .suspended, reason: .runningTimeEnded)])
    }

    @Test("'background' at start means suspended")
    func initialBackground() { #expect(lifecycle(.background).state == .suspended) }

    @Test("a terminated app is relaunched into the background with the location key")
    func relaunch() {
        var app = lifecycle(.notRunning)
        let decision = app.wakeForRegionEvent(at: .seconds(5))
        #expect(
            decision.effects == [
                .stateChanged(from: .notRunning, to: .background, reason: .regionEvent), .launched(locationEvent: true),
            ])
    }

    @Test("iOS 7.0 does not relaunch an app the user killed; current iOS does")
    func killedByUser() {
        var old = lifecycle(.foreground, profile: .iOS70)
        _ = old.terminate(byUser: true, reason: .killedByUser)
        let value3 = old.wakeForRegionEvent(at: .seconds(10))
        #expect(!value3.isDelivered)
        var current = lifecycle(.foreground)
        _ = current.terminate(byUser: true, reason: .killedByUser)
        let value4 = current.wakeForRegionEvent(at: .seconds(10))
        #expect(value4.isDelivered)
    }

    @Test("When In Use, denied and Background App Refresh off deliver only to a foreground app")
    func permissions() {
        var whenInUse = lifecycle(.suspended, authorization: .whenInUse)
        let value5 = whenInUse.wakeForRegionEvent(at: .zero)
        #expect(!value5.isDelivered)
        var denied = lifecycle(.suspended, authorization: .denied)
        let value6 = denied.wakeForRegionEvent(at: .zero)
        #expect(!value6.isDelivered)
        var noRefresh = lifecycle(.suspended, refresh: false)
        let value7 = noRefresh.wakeForRegionEvent(at: .zero)
        #expect(!value7.isDelivered)
        var foreground = lifecycle(.foreground, authorization: .whenInUse, refresh: false)
        let value8 = foreground.wakeForRegionEvent(at: .zero)
        #expect(value8.isDelivered)
    }

    @Test("a background task extends running time to 30 s on iOS 13+ and 180 s on iOS 12")
    func backgroundTask() {
        var modern = lifecycle(.suspended)
        _ = modern.wakeForRegionEvent(at: .seconds(0))
        let value9 = modern.beginBackgroundTask(at: .seconds(2))
        #expect(value9)
        #expect(modern.nextDeadline == .seconds(32))
        var old = lifecycle(.suspended, profile: .iOS12)
        _ = old.wakeForRegionEvent(at: .seconds(0))
        _ = old.beginBackgroundTask(at: .seconds(2))
        #expect(old.nextDeadline == .seconds(182))
        var suspended = lifecycle(.suspended)
        let value10 = suspended.beginBackgroundTask(at: .zero)
        #expect(!value10)
    }

    @Test("opening a terminated app launches it without the location key; leaving suspends it")
    func userOpensAndLeaves() {
        var app = lifecycle(.notRunning)
        let value11 = app.userOpens(at: .zero)
        #expect(value11 == [.stateChanged(from: .notRunning, to: .foreground, reason: .user), .launched(locationEvent: false)])
        let value12 = app.userLeaves(at: .seconds(1))
        #expect(value12 == [.stateChanged(from: .foreground, to: .suspended, reason: .user)])
    }
}

@Suite("AppLifecycle on Android")
struct AndroidLifecycleTests {
    @Test("Android apps are not suspended in the background")
    func noSuspension() {
        var app = AppLifecycle(initial: .background, profile: .androidABL, authorization: .always, backgroundRefresh: true)
        #expect(app.state == .background)
        #expect(app.wakeForRegionEvent(at: .seconds(10)).isDelivered)
        #expect(app.nextDeadline == nil)
        let effects = app.advance(to: .seconds(1000))
        #expect(effects.isEmpty)
        var opened = AppLifecycle(initial: .foreground, profile: .androidABL, authorization: .always, backgroundRefresh: true)
        let left = opened.userLeaves(at: .seconds(1))
        #expect(left == [.stateChanged(from: .foreground, to: .background, reason: .user)])
    }
}

@Suite("AppLifecycle background-task expiry")
struct BackgroundTaskExpiryTests {
    @Test("a task still open when time runs out expires just before the suspension; an ended one does not")
    func expiry() {
        var open = AppLifecycle(initial: .suspended, profile: .iOS, authorization: .always, backgroundRefresh: true)
        _ = open.wakeForRegionEvent(at: .zero)
        _ = open.beginBackgroundTask(at: .seconds(2))
        let expired = open.advance(to: .seconds(32))
        #expect(
            expired == [.backgroundTaskExpired, .stateChanged(from: .background, to: .suspended, reason: .runningTimeEnded)])

        var ended = AppLifecycle(initial: .suspended, profile: .iOS, authorization: .always, backgroundRefresh: true)
        _ = ended.wakeForRegionEvent(at: .zero)
        _ = ended.beginBackgroundTask(at: .seconds(2))
        ended.endBackgroundTask(at: .seconds(3))
        let suspended = ended.advance(to: .seconds(32))
        #expect(suspended == [.stateChanged(from: .background, to: .suspended, reason: .runningTimeEnded)])
    }
}
