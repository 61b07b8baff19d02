// SPDX-License-Identifier: GPL-3.0-or-later

/// `DispatchQueue` for delayed work on the simulated clock:
/// `SimulatedDispatchQueue.main.asyncAfter(deadline: .now() + 20) { … }`, or with a
/// `SimulatedDispatchWorkItem` that can be cancelled.
///
/// The work runs on the app's (simulated) main thread under the same rules as `SimulatedTimer`:
/// only while the app runs, deferred while it is suspended, lost when it is killed.
public struct SimulatedDispatchQueue: Sendable {
    /// The main queue; the only queue a simulated app has.
    public static let main = SimulatedDispatchQueue()

    /// Runs `work` at `deadline` (or as soon after it as the app runs).
    public func asyncAfter(deadline: SimulatedDispatchTime, execute work: @escaping () -> Void) {
        asyncAfter(deadline: deadline, execute: SimulatedDispatchWorkItem(block: work))
    }

    /// Runs `item` at `deadline` unless it is cancelled first.
    public func asyncAfter(deadline: SimulatedDispatchTime, execute item: SimulatedDispatchWorkItem) {
        guard let process = _CurrentProcess.running?.process, !item.isCancelled else { return }
        let timer = SimulatedTimer(
            interval: max(0, deadline.seconds - process.application.now), repeats: false, process: process
        ) { _ in
            if !item.isCancelled { item.block() }
        }
        item.timer = timer
        process.schedule(timer)
    }
}
