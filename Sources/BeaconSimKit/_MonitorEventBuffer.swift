// SPDX-License-Identifier: GPL-3.0-or-later
internal import Synchronization

/// The events delivered to one `SimulatedMonitor` and the tasks waiting for them: an event goes to
/// the longest-waiting `next()`, or is kept until one asks. Resuming a waiting task queues it on
/// the app's simulated main executor, which the simulation drains right after the callback that
/// delivered the event, so the loop body runs at the event's instant.
final class _MonitorEventBuffer: Sendable {
    private struct State {
        var events: [SimulatedMonitor.Event] = []
        var waiters: [(id: Int, continuation: UnsafeContinuation<SimulatedMonitor.Event?, any Error>)] = []
        var nextWaiter = 0
        /// Waiters cancelled before they were registered.
        var cancelled: Set<Int> = []
    }

    private let state = Mutex(State())

    func push(_ event: SimulatedMonitor.Event) {
        let waiter = state.withLock { state -> UnsafeContinuation<SimulatedMonitor.Event?, any Error>? in
            guard !state.waiters.isEmpty else {
                state.events.append(event)
                return nil
            }
            return state.waiters.removeFirst().continuation
        }
        waiter?.resume(returning: event)
    }

    func next() async throws -> SimulatedMonitor.Event? {
        try Task.checkCancellation()
        let id = state.withLock { state -> Int in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<SimulatedMonitor.Event, any Error>? in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    guard state.events.isEmpty else { return .success(state.events.removeFirst()) }
                    state.waiters.append((id, continuation))
                    return nil
                }
                if let ready { continuation.resume(with: ready.map { $0 }) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> UnsafeContinuation<SimulatedMonitor.Event?, any Error>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
