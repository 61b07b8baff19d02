// SPDX-License-Identifier: GPL-3.0-or-later
internal import Synchronization

/// One sleep: its continuation and timer; woken once, by the timer or by cancellation.
final class _Sleeper: @unchecked Sendable {
    private let state = Mutex<(continuation: UnsafeContinuation<Void, any Error>?, cancelled: Bool)>((nil, false))
    /// Touched only on the world's thread (the timer fires there, and cancellation comes from app code).
    private var timer: SimulatedTimer?

    func start(_ continuation: UnsafeContinuation<Void, any Error>, timer: SimulatedTimer) {
        self.timer = timer
        let cancelled = state.withLock { state -> Bool in
            state.continuation = continuation
            return state.cancelled
        }
        if cancelled { wake(CancellationError()) }
    }

    func wake(_ error: (any Error)?) {
        let continuation = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
            defer { state.continuation = nil }
            if state.continuation == nil { state.cancelled = true }
            return state.continuation
        }
        guard let continuation else { return }
        if error != nil { timer?.invalidate() }
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
