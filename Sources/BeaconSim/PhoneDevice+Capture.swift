// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension PhoneDevice {
    /// Tells the radio observers, if any, the current scan pattern (it ignores repeats): the gate of
    /// the listening schedule (one-shot windows and filtered scans are not expressible as HCI scan
    /// parameters; the reports still follow the simulated windows).
    func reportScanPattern(at now: SimTime) {
        for observer in radioObservers { observer.scanPatternMayHaveChanged(listeningSchedule?.gate, at: now) }
    }
}
