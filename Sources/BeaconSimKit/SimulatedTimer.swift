// SPDX-License-Identifier: GPL-3.0-or-later

/// `Timer` on the simulated clock: `SimulatedTimer.scheduledTimer(withTimeInterval:repeats:block:)`
/// while the app's code runs (in a callback), `invalidate()` to stop it.
///
/// A timer belongs to the app's process and follows the OS's rules for it (docs/beaconsimkit.md,
/// "Timers and delayed work"): it fires only while the app runs; one due while the app is
/// suspended fires once, late, at the first instant the app runs again; a repeating timer then
/// reschedules itself for the next of its original firing times still in the future (Apple,
/// `Timer`); a kill or termination loses it. A timer does not keep the app running — only a
/// background task does. Created outside the app's code (no process) it is invalid and never fires.
public final class SimulatedTimer {
    /// Seconds between firings (at least 0.1 ms, as Foundation's minimum).
    public let timeInterval: Double
    public let repeats: Bool
    /// When the timer is next due, simulated seconds since the start of the run.
    public internal(set) var fireDate: Double
    public private(set) var isValid: Bool
    let block: (SimulatedTimer) -> Void
    weak var process: _AppProcess?
    var id = 0

    init(interval: Double, repeats: Bool, process: _AppProcess?, block: @escaping (SimulatedTimer) -> Void) {
        timeInterval = max(interval, 0.000_1)
        self.repeats = repeats
        self.block = block
        self.process = process
        fireDate = (process?.application.now ?? 0) + timeInterval
        isValid = process != nil
    }

    /// `Timer.scheduledTimer(withTimeInterval:repeats:block:)`: a timer first due `interval`
    /// seconds from now, scheduled on the app's (simulated) main run loop.
    @discardableResult
    public static func scheduledTimer(
        withTimeInterval interval: Double, repeats: Bool, block: @escaping (SimulatedTimer) -> Void
    ) -> SimulatedTimer {
        let process = _CurrentProcess.running?.process
        let timer = SimulatedTimer(interval: interval, repeats: repeats, process: process, block: block)
        process?.schedule(timer)
        return timer
    }

    /// Stops the timer; it never fires again.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        process?.cancel(timer: self)
    }

    /// After a one-shot timer fired.
    func finish() { isValid = false }
}
