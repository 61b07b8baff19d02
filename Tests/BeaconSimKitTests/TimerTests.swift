// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSimKit
import Foundation
import Testing

/// Timers and delayed work on the simulated clock follow the app's process: on time while it runs,
/// deferred while it is suspended (once, late), lost when it is killed.
@Suite(.serialized) struct TimerTests {
    /// On entry: a 5 s timer, 20 s delayed work, a cancelled work item and a 4 s repeating timer.
    final class TimerApp: ManagerApp {
        var repeating: SimulatedTimer?

        override func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: BeaconRegion) {
            guard let app = SimulatedApplication.shared, repeating == nil else { return }
            let start = "\(app.now)"
            SimulatedTimer.scheduledTimer(withTimeInterval: 5, repeats: false) { _ in app.post(title: "5s", body: start) }
            SimulatedDispatchQueue.main.asyncAfter(deadline: .now() + 20) { app.post(title: "20s", body: start) }
            let cancelled = SimulatedDispatchWorkItem { app.post(title: "cancelled", body: start) }
            SimulatedDispatchQueue.main.asyncAfter(deadline: .now() + 3, execute: cancelled)
            cancelled.cancel()
            repeating = SimulatedTimer.scheduledTimer(withTimeInterval: 4, repeats: true) { _ in
                app.post(title: "tick", body: start)
            }
        }
    }

    /// A suspended app by a beacon that is switched on at 60 s: the entry wakes it for 10 s.
    static func scenario(actions: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kit-timers-\(UUID().uuidString).yaml").path
        try """
        schemaVersion: 1
        duration: 5m
        venue: { size: [20, 20] }
        beacons:
          - name: b
            ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 1 }
            position: [10, 10]
            schedule:
              - { at: 0s, power: off }
              - { at: 60s, power: on }
        phones:
          - name: p
            app:
              state: suspended
              regions: [ { name: store, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825" } ]
            path:
              - { position: [11, 10] }
            actions:
        \(actions)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func times(_ result: SimulationResult, _ title: String) -> [Double] {
        result.notifications.filter { $0.title == title }.map(\.time)
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    @Test("while the app runs timers fire on time; while it is suspended they wait and fire once, late, when it runs again")
    func deferredWhileSuspended() throws {
        let path = try Self.scenario(actions: "      - { at: 3m, action: foreground }")
        let result = try Simulation.run(scenario: path, app: TimerApp.self, seed: 3)
        let entry = try #require(result.events(named: "didEnterRegion").first).time.seconds
        #expect(Self.times(result, "5s").count == 1 && Self.close(Self.times(result, "5s")[0], entry + 5))
        // Suspended at entry + 10 s: the 20 s work waits for the user to open the app at 180 s.
        #expect(Self.times(result, "20s").count == 1 && Self.close(Self.times(result, "20s")[0], 180))
        let fired = try #require(
            result.records.first { record in
                guard case .timerFired(_, let due) = record.event else { return false }
                return Self.close(due.seconds, entry + 20)
            })
        #expect(Self.close(fired.time.seconds, 180))
        #expect(Self.times(result, "cancelled").isEmpty)
        // Ticks at entry + 4 and + 8; the missed ones fire once at 180 s; then on the original grid.
        let ticks = Self.times(result, "tick")
        #expect(ticks.count >= 4)
        #expect(Self.close(ticks[0], entry + 4) && Self.close(ticks[1], entry + 8) && Self.close(ticks[2], 180))
        let next = entry + 4 * ((180 - entry) / 4).rounded(.down) + 4
        #expect(Self.close(ticks[3], next))
        #expect(result.lostCallbacks.isEmpty)
    }

    @Test("a kill loses every timer: nothing fires after it, and the relaunched process starts with none")
    func lostWhenKilled() throws {
        let path = try Self.scenario(actions: "      - { at: 2m, action: kill }\n      - { at: 3m, action: foreground }")
        let result = try Simulation.run(scenario: path, app: TimerApp.self, seed: 3)
        #expect(Self.times(result, "5s").count == 1)
        #expect(Self.times(result, "20s").isEmpty)
        #expect(Self.times(result, "tick").allSatisfy { $0 < 120 })
        #expect(result.events(named: "timerFired").allSatisfy { $0.time.seconds < 120 })
    }

    @Test("a background task keeps the app running, so its timers fire on time")
    func onTimeWithABackgroundTask() throws {
        final class TaskTimerApp: ManagerApp {
            override func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: BeaconRegion) {
                guard let app = SimulatedApplication.shared else { return }
                var task = BackgroundTaskIdentifier.invalid
                task = app.beginBackgroundTask { app.endBackgroundTask(task) }
                SimulatedDispatchQueue.main.asyncAfter(deadline: .now() + 20) {
                    app.post(title: "20s", body: "")
                    app.endBackgroundTask(task)
                }
            }
        }
        let path = try Self.scenario(actions: "      - { at: 4m, action: foreground }")
        let result = try Simulation.run(scenario: path, app: TaskTimerApp.self, seed: 3)
        let entry = try #require(result.events(named: "didEnterRegion").first).time.seconds
        #expect(Self.times(result, "20s").count == 1 && Self.close(Self.times(result, "20s")[0], entry + 20))
    }

    @Test("SimulatedTask.sleep: on time while the app runs, deferred while it is suspended; cancelling wakes it with an error")
    func taskSleep() throws {
        final class SleepyApp: ManagerApp {
            override func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: BeaconRegion) {
                guard let app = SimulatedApplication.shared else { return }
                SimulatedTask {
                    try? await SimulatedTask.sleep(seconds: 5)
                    app.post(title: "slept 5", body: "")
                    try? await SimulatedTask.sleep(seconds: 15)
                    app.post(title: "slept 20", body: "")
                }
                let doomed = SimulatedTask {
                    do {
                        try await SimulatedTask.sleep(seconds: 3)
                        app.post(title: "not cancelled", body: "")
                    } catch {
                        app.post(title: "cancelled", body: "\(error is CancellationError)")
                    }
                }
                SimulatedTimer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in doomed.cancel() }
            }
        }
        let path = try Self.scenario(actions: "      - { at: 3m, action: foreground }")
        let result = try Simulation.run(scenario: path, app: SleepyApp.self, seed: 3)
        let entry = try #require(result.events(named: "didEnterRegion").first).time.seconds
        #expect(Self.times(result, "slept 5").count == 1 && Self.close(Self.times(result, "slept 5")[0], entry + 5))
        #expect(Self.times(result, "slept 20").count == 1 && Self.close(Self.times(result, "slept 20")[0], 180))
        #expect(Self.times(result, "not cancelled").isEmpty)
        #expect(Self.times(result, "cancelled").count == 1 && Self.close(Self.times(result, "cancelled")[0], entry + 1))
        #expect(result.notifications.first { $0.title == "cancelled" }?.body == "true")
    }
}
