// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension World {
    /// Tells each phone that models Doze when it starts and stops moving: the world knows the walk,
    /// the phone only hears that it moves (as from its motion sensor). Other phones get no events,
    /// so their runs are unchanged.
    func scheduleMotion() {
        for (index, phone) in phones.enumerated() where phone.needsMotion {
            for change in phone.trajectory.motionChanges().changes {
                schedule(.motion(phone: index, moving: change.moving), at: SimTime(nanoseconds: change.time))
            }
        }
    }
}
