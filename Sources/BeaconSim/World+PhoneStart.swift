// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension World {
    /// t = 0 for one phone (`PhoneDevice.start`), then its first timer and scan pattern.
    func start(phone index: Int, table: inout LinkTable) {
        let outcome = phones[index].start(app: scenario.phones[index].app, at: simulator.now)
        if outcome.needsReschedule { reschedule(phone: index, table: &table) }
    }
}
