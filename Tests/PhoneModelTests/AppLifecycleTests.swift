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

    @Test("a background task extends running time to 30 s from the wake on iOS 13+ and 180 s on iOS 12 (handler 5 s before)")
    func backgroundTask() {
        var modern = lifecycle(.suspended)
        _ = modern.wakeForRegionEvent(at: .seconds(0))
        let value9 = modern.beginBackgroundTask(at: .seconds(2))
        #expect(value9)
        #expect(modern.nextDeadline == .seconds(25))
        var old = lifecycle(.suspended, profile: .iOS12)
        _ = old.wakeForRegionEvent(at: .seconds(0))
        _ = old.beginBackgroundTask(at: .seconds(2))
        #expect(old.nextDeadline == .seconds(175))
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

@Suite("AppLifecycle background-task timing")
struct BackgroundTaskExpiryTests {
    /// An iOS app woken by a region event at 0 s that begins a background task at `request`.
    func woken(_ profile: OSProfile = .iOS, request: SimTime = .seconds(2)) -> AppLifecycle {
        var app = AppLifecycle(initial: .suspended, profile: profile, authorization: .always, backgroundRefresh: true)
        _ = app.wakeForRegionEvent(at: .zero)
        _ = app.beginBackgroundTask(at: request)
        return app
    }

    @Test("the expiration handler runs the profile's lead time (5 s) before the time runs out, while the app still runs")
    func handlerBeforeTheEnd() {
        var app = woken()
        #expect(app.nextDeadline == .seconds(25))
        #expect(app.advance(to: .seconds(25)) == [.backgroundTaskExpired])
        #expect(app.state == .background)
        #expect(app.nextDeadline == .seconds(30))
    }

    @Test("a task ended in its expiration handler lets the app be suspended at once (its wake window is over)")
    func endedInTheHandler() {
        var app = woken()
        _ = app.advance(to: .seconds(25))
        app.endBackgroundTask(at: .seconds(25))
        #expect(app.advance(to: .seconds(25)) == [.stateChanged(from: .background, to: .suspended, reason: .runningTimeEnded)])
    }

    @Test("a task still open when the time runs out gets the app killed (Apple: the system kills the app)")
    func notEnded() {
        var app = woken()
        _ = app.advance(to: .seconds(25))
        #expect(
            app.advance(to: .seconds(30)) == [.stateChanged(from: .background, to: .notRunning, reason: .backgroundTaskNotEnded)]
        )
    }

    @Test("an app that ends its task early is suspended when its wake window ends, not when the task would have")
    func endedEarly() {
        var app = woken()
        app.endBackgroundTask(at: .seconds(3))
        #expect(app.nextDeadline == .seconds(10))
        #expect(app.advance(to: .seconds(10)) == [.stateChanged(from: .background, to: .suspended, reason: .runningTimeEnded)])
    }

    @Test("a task's time counts from the wake: 30 s on iOS 13+, 180 s on iOS 7–12, whenever in the wake window it is asked for")
    func countedFromTheWake() {
        for (profile, total) in [(OSProfile.iOS, 30.0), (OSProfile.iOS12, 180.0)] {
            for request in [0.0, 2.0, 9.5] {
                var app = woken(profile, request: .seconds(request))
                #expect(app.nextDeadline == .seconds(total - 5), "\(profile.name), request at \(request) s")
                _ = app.advance(to: .seconds(total - 5))
                #expect(app.nextDeadline == .seconds(total))
            }
        }
    }

    @Test("with backgroundTaskFromWake off, the time counts from the request")
    func countedFromTheRequest() {
        var profile = OSProfile.iOS
        #expect(profile.override("backgroundTaskFromWake", with: .flag(false)) == nil)
        #expect(profile.execution.budget?.taskClock == .fromRequest)
        let app = woken(profile, request: .seconds(4))
        #expect(app.nextDeadline == .seconds(29))
    }

    @Test("a task begun in the foreground starts counting when the app leaves it")
    func begunInTheForeground() {
        var app = AppLifecycle(initial: .foreground, profile: .iOS, authorization: .always, backgroundRefresh: true)
        _ = app.beginBackgroundTask(at: .seconds(1))
        #expect(app.userLeaves(at: .seconds(100)) == [.stateChanged(from: .foreground, to: .background, reason: .user)])
        #expect(app.nextDeadline == .seconds(125))
    }
}
