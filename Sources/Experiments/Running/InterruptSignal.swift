// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
internal import Dispatch
internal import Foundation

/// Ctrl-C (SIGINT) and SIGTERM during an experiment, so that finished work is always written:
///
/// - the first Ctrl-C calls `handler` (which cancels the work): the running replications finish,
///   then everything finished is written; exit status 130;
/// - SIGTERM (what Slurm and Kubernetes send on a time limit or preemption) or a second Ctrl-C
///   also raise `stop`, so the running replications return at once and what finished is written
///   within moments; exit status 143 for SIGTERM, 130 for Ctrl-C;
/// - a third signal exits at once with that status, writing nothing more.
///
/// The default actions are restored when the value is released.
public final class InterruptSignal: @unchecked Sendable {
    private let sources: [DispatchSourceSignal]
    private let lock = NSLock()
    private var count = 0
    private var terminated = false
    /// Raised by SIGTERM or a second Ctrl-C.
    public let stop: StopFlag

    public init(stop: StopFlag = StopFlag(), _ handler: @escaping @Sendable () -> Void) {
        self.stop = stop
        var sources: [DispatchSourceSignal] = []
        // A serial queue of its own (an overcommitting one): the global queue's threads may all be
        // busy with replications, which would hold the handler back until they finish.
        let queue = DispatchQueue(label: "beaconsim.signals")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            sources.append(source)
        }
        self.sources = sources
        for (source, number) in zip(sources, [SIGINT, SIGTERM]) {
            // Signals that arrive before the handler runs (a busy machine) are coalesced: `data` counts them.
            source.setEventHandler { [unowned self] in
                for _ in 0..<max(Int(source.data), 1) { received(number, handler: handler) }
            }
            source.resume()
        }
    }

    private func received(_ number: Int32, handler: @Sendable () -> Void) {
        lock.lock()
        count += 1
        terminated = terminated || number == SIGTERM
        let (count, terminated) = (self.count, self.terminated)
        lock.unlock()
        let status = terminated ? 143 : 130
        switch count {
        case 1 where !terminated:
            Self.say("interrupted: finishing the running replications and writing what finished (Ctrl-C again to stop now)")
            handler()
        case 1, 2:
            Self.say("\(terminated ? "terminated" : "interrupted again"): stopping now and writing what finished")
            stop.raise()
            handler()
        default:
            _exit(Int32(status))
        }
    }

    /// Whether a signal arrived.
    public var fired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return count > 0
    }

    /// The conventional exit status once a signal arrived: 143 after SIGTERM, else 130.
    public var exitStatus: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return count == 0 ? nil : (terminated ? 143 : 130)
    }

    private static func say(_ text: String) { FileHandle.standardError.write(Data("\n\(text)\n".utf8)) }

    deinit {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
