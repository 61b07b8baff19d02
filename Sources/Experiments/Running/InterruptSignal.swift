// SPDX-License-Identifier: GPL-3.0-or-later
internal import Dispatch
internal import Foundation

/// Turns the first Ctrl-C (SIGINT) into a call of `handler` (which cancels the running work so
/// that the finished replications are written); a second Ctrl-C exits at once with status 130.
/// The default action is restored when the value is released.
public final class InterruptSignal: @unchecked Sendable {
    private let source: DispatchSourceSignal
    private let lock = NSLock()
    private var count = 0

    public init(_ handler: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [unowned self] in
            lock.lock()
            count += 1
            let first = count == 1
            lock.unlock()
            if first {
                FileHandle.standardError.write(
                    Data(
                        "\ninterrupted: finishing the running replications and writing what finished (Ctrl-C again to quit now)\n"
                            .utf8))
                handler()
            } else {
                _exit(130)
            }
        }
        source.resume()
    }

    /// Whether Ctrl-C was pressed.
    public var fired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return count > 0
    }

    deinit {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
