// SPDX-License-Identifier: GPL-3.0-or-later
@testable import BeaconSim
import PhoneModel
import SimulationCore
import Testing

/// The values a `PhoneDevice` keeps its own state in: each changes only through its methods and
/// says what changed.
@Suite("Phone state values")
struct PhoneStateValuesTests {
    @Test("the callback queue: the first push drains, pushes while draining wait their turn, then it is idle")
    func callbackQueue() {
        var queue = CallbackQueue()
        func item(_ id: Int) -> _QueuedCallback {
            _QueuedCallback(
                callback: .timerFired(id: id, scheduledFor: .zero), firstSeen: nil, lastSeen: nil, reason: .transition,
                needsManager: false)
        }
        let mustDrain = queue.push(item(1))
        #expect(mustDrain && queue.isDelivering)
        var delivered: [Int] = []
        while let next = queue.next() {
            guard case .timerFired(let id, _) = next.callback else { continue }
            delivered.append(id)
            if id == 1 {
                let drains = [queue.push(item(2)), queue.push(item(3))]
                #expect(drains == [false, false])
            }
        }
        #expect(delivered == [1, 2, 3])
        #expect(!queue.isDelivering)
        let idleDrains = queue.push(item(4))
        let fourth = queue.next().map { if case .timerFired(let id, _) = $0.callback { id } else { -1 } }
        let empty = queue.next() == nil
        #expect(idleDrains && fourth == 4 && empty && !queue.isDelivering)
    }

    @Test("switches: lighting a dark screen, the first unlock after a reboot, Bluetooth changes")
    func switches() {
        var switches = PhoneSwitches()
        let lit = [switches.lightScreen(), switches.lightScreen()]
        #expect(lit == [true, false])
        let plainUnlock = switches.unlock()
        #expect(!plainUnlock)
        switches.reboot()
        #expect(!switches.screenOn && !switches.radioAvailable)
        let unlocks = [switches.unlock(), switches.unlock()]
        #expect(unlocks == [true, false] && switches.radioAvailable)
        let offChanges = [switches.setBluetooth(on: false), switches.setBluetooth(on: false)]
        #expect(offChanges == [true, false] && !switches.radioAvailable)
        let onChange = switches.setBluetooth(on: true)
        #expect(onChange && switches.radioAvailable)
    }

    @Test("the app process: ranging requests without repeats, held callbacks in order, all gone when it ends")
    func appProcess() {
        var process = AppProcessState(hasLocationManager: false)
        process.createLocationManager()
        process.startRanging("a")
        process.startRanging("b")
        process.startRanging("a")
        #expect(process.rangedRegions == ["a", "b"])
        process.stopRanging("a")
        #expect(process.rangedRegions == ["b"])
        process.scheduleTimer(id: 7, at: .seconds(5))
        process.scheduleTimer(id: 8, at: .seconds(2))
        #expect(process.nextTimerDue == .seconds(2))
        let due = [process.popFirstDueTimer(notAfter: .seconds(3))?.id, process.popFirstDueTimer(notAfter: .seconds(3))?.id]
        #expect(due == [8, nil])
        process.hold(.backgroundTimeExpiring)
        process.hold(.timerFired(id: 1, scheduledFor: .zero))
        let lost = process.end()
        #expect(lost.count == 2)
        #expect(!process.hasLocationManager && process.rangedRegions.isEmpty && process.nextTimerDue == nil)
        let heldAfterEnd = process.takeHeldCallbacks()
        #expect(heldAfterEnd.isEmpty)
    }
}
