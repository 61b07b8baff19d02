// SPDX-License-Identifier: GPL-3.0-or-later

/// App code that only ever runs on one world's thread: the main executor runs its jobs
/// synchronously inside that world's callbacks, so handing it to a `Task` cannot race.
struct _MainThreadOnly<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
