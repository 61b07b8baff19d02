// SPDX-License-Identifier: GPL-3.0-or-later
@testable import PhoneModel
import SimulationCore
import Testing

@Suite("AppTimers")
struct AppTimersTests {
    @Test("timers come out earliest first, ties in scheduling order; rescheduling replaces; cancel removes")
    func order() {
        var timers = AppTimers()
        timers.schedule(id: 1, at: .seconds(5))
        timers.schedule(id: 2, at: .seconds(3))
        timers.schedule(id: 3, at: .seconds(3))
        timers.schedule(id: 4, at: .seconds(9))
        timers.schedule(id: 1, at: .seconds(4))
        timers.cancel(id: 4)
        #expect(timers.nextDue == .seconds(3))
        var fired: [Int] = []
        while let timer = timers.popFirstDue(notAfter: .seconds(10)) { fired.append(timer.id) }
        #expect(fired == [2, 3, 1])
        #expect(timers.isEmpty)
    }

    @Test("nothing is due before its time; a terminated process loses every timer")
    func notYetAndLost() {
        var timers = AppTimers()
        timers.schedule(id: 1, at: .seconds(5))
        #expect(timers.popFirstDue(notAfter: .seconds(4.999)) == nil)
        timers.removeAll()
        #expect(timers.nextDue == nil)
    }
}
