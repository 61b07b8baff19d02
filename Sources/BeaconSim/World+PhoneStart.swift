// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension World {
    /// t = 0 for one phone (`PhoneDevice.start`), then its first timer and scan pattern.
    func start<Medium: RadioMedium & ~Copyable>(phone index: Int, medium: inout Medium) {
        let outcome = phones[index].start(app: scenario.phones[index].app, at: now)
        if outcome.needsReschedule { reschedule(phone: index, medium: &medium) }
    }
}
