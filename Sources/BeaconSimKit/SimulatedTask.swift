// SPDX-License-Identifier: GPL-3.0-or-later

/// `Task` and `Task.sleep` on the simulated clock:
/// `SimulatedTask { try await SimulatedTask.sleep(seconds: 20); … }` inside the app's code.
///
/// The task runs on the app's simulated main thread: it starts right after the callback that
/// created it returns, at the same simulated instant, and runs until it suspends. `sleep` is a
/// timer of the app's process and follows its rules (docs/beaconsimkit.md, "Timers and delayed
/// work"): the task resumes only while the app runs — deferred while it is suspended, never after
/// the process is killed. Cancelling the task wakes its sleep with `CancellationError`, as
/// `Task.sleep` does. Created outside the app's code, the task does not run.
public struct SimulatedTask: Sendable {
    private let task: Task<Void, Never>?

    /// Starts `operation` on the app's main thread.
    @discardableResult
    public init(operation: @escaping () async -> Void) {
        guard let process = _CurrentProcess.running?.process else {
            task = nil
            return
        }
        let body = _MainThreadOnly(operation)
        task = Task(executorPreference: process.mainExecutor) { await body.value() }
    }

    public func cancel() { task?.cancel() }

    public var isCancelled: Bool { task?.isCancelled ?? true }

    /// Suspends the calling task for `seconds` of simulated time (at least until then: later when
    /// the app is suspended when it is due). Throws `CancellationError` if the task is cancelled.
    public static func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        guard let process = _CurrentProcess.running?.process else { throw CancellationError() }
        let sleeper = _Sleeper()
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                let timer = SimulatedTimer(interval: seconds, repeats: false, process: process) { _ in sleeper.wake(nil) }
                process.schedule(timer)
                sleeper.start(continuation, timer: timer)
            }
        } onCancel: {
            sleeper.wake(CancellationError())
        }
    }
}
