// SPDX-License-Identifier: GPL-3.0-or-later

/// `DispatchWorkItem`: delayed work that can be cancelled before it runs.
public final class SimulatedDispatchWorkItem {
    let block: () -> Void
    public private(set) var isCancelled = false
    var timer: SimulatedTimer?

    public init(block: @escaping () -> Void) { self.block = block }

    /// The work will not run (if it has not yet).
    public func cancel() {
        isCancelled = true
        timer?.invalidate()
    }
}
