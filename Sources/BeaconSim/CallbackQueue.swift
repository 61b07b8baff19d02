// SPDX-License-Identifier: GPL-3.0-or-later

/// One phone's queue of callbacks due at the current instant. A callback that causes another is
/// delivered after the current one returns (as a run loop would), so callbacks never re-enter each
/// other: whoever pushes onto an idle queue drains it with `next()`; a push while it is being
/// drained just waits its turn.
struct CallbackQueue {
    private var items: [_QueuedCallback] = []
    private var position = 0
    /// Whether someone is draining the queue.
    private(set) var isDelivering = false

    /// Adds a callback; true if the caller must now drain the queue with `next()`.
    mutating func push(_ item: _QueuedCallback) -> Bool {
        items.append(item)
        guard !isDelivering else { return false }
        isDelivering = true
        return true
    }

    /// The next callback to deliver, or nil when the queue is empty again (it is then idle).
    mutating func next() -> _QueuedCallback? {
        if position < items.count {
            defer { position += 1 }
            return items[position]
        }
        items.removeAll(keepingCapacity: true)
        position = 0
        isDelivering = false
        return nil
    }
}
