// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT and SIGTERM for every command: the executable owns the process's one `StopFlag`, raises
/// it from here, and passes it down (experiments, replay, `check --capture`, listen, advertise).
///
/// - A command that polls the flag (it called `pollingCommand()`) ends cleanly: a first Ctrl-C
///   requests `finishRunning` (nothing new starts, the running replications finish), SIGTERM —
///   what Slurm and Kubernetes send at a time limit or preemption — or a second Ctrl-C requests
///   `now`; the command writes what finished and exits 130 (Ctrl-C) or 143 (SIGTERM). Should it
///   not have ended `graceSeconds` after `now` (a spinning allocator under a memory limit), the
///   process exits with that status anyway. A third signal exits at once.
/// - Any other command (validate, fit, coverage, …) writes its files atomically at the end, so
///   there is nothing finished to keep: a signal exits at once with 130 or 143.
enum StopSignal {
    /// The process's one stop flag.
    static let flag = StopFlag()

    /// Time between `now` and a forced exit, in seconds: under the 30 s that Slurm (`KillWait`)
    /// and Kubernetes (`terminationGracePeriodSeconds`) give by default before SIGKILL, so the
    /// exit status is still ours.
    static let graceSeconds = 25

    private struct State {
        var polled = false
        var firstStopsNow = false
        var count = 0
        var terminated = false
        var sources: [DispatchSourceSignal] = []
    }
    private static let state = Mutex(State())
    // A serial queue of its own: the global queue's threads may all be busy with replications.
    private static let queue = DispatchQueue(label: "beaconsim.signals")

    /// Installs the handlers (once, before the command runs).
    static func install() {
        state.withLock { state in
            guard state.sources.isEmpty else { return }
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                // Signals that arrive before the handler runs are coalesced: `data` counts them.
                source.setEventHandler { for _ in 0..<max(Int(source.data), 1) { received(number) } }
                source.resume()
                state.sources.append(source)
            }
        }
    }

    /// Says that the running command polls `flag`, so a signal ends it cleanly instead of at once.
    /// `finishesRunningWork`: a first Ctrl-C lets running replications finish (experiments); else
    /// every signal asks for `now` (a replay or a live session is one piece of work).
    static func pollingCommand(finishesRunningWork: Bool = false) {
        state.withLock { state in
            state.polled = true
            state.firstStopsNow = !finishesRunningWork
        }
    }

    /// True once a stop was requested (the live sessions' loops poll this).
    static var isRequested: Bool { flag.isRequested }

    /// The exit status a signal asked for (130 or 143); nil when none arrived.
    static var exitStatus: ExitStatus? { flag.exitStatus.map { ExitStatus(interruptedWith: $0) } }

    private static func received(_ number: Int32) {
        let (polled, firstStopsNow, count, terminated) = state.withLock { state in
            state.count += 1
            state.terminated = state.terminated || number == SIGTERM
            return (state.polled, state.firstStopsNow, state.count, state.terminated)
        }
        let status: Int32 = terminated ? 143 : 130
        guard polled, count < 3 else {
            StandardOutput.flush()
            _exit(status)
        }
        if count == 1, !terminated, !firstStopsNow {
            say("interrupted: finishing the running replications and writing what finished (Ctrl-C again to stop now)")
            flag.request(.finishRunning, exitStatus: status)
            return
        }
        say("\(terminated ? "terminated" : "interrupted"): stopping now and writing what finished")
        flag.request(.now, exitStatus: status)
        queue.asyncAfter(deadline: .now() + .seconds(graceSeconds)) {
            say("\(terminated ? "terminated" : "interrupted"): still running \(graceSeconds) s after the stop; exiting")
            _exit(status)
        }
    }

    private static func say(_ text: String) { FileHandle.standardError.write(Data("\n\(text)\n".utf8)) }
}
