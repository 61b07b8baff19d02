// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension PhoneDevice {
    /// Tells the radio observer, if any, the current scan pattern (it ignores repeats).
    func reportScanPattern(at now: SimTime) {
        radioObserver?.scanPatternMayHaveChanged(listeningPattern, at: now)
    }
}
