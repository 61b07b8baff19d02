// SPDX-License-Identifier: GPL-3.0-or-later
internal import Synchronization

/// The app process's main thread for `SimulatedTask`s: a task executor whose jobs the simulation
/// runs synchronously, in order, inside the callback that started or resumed them (`drain`), so an
/// async task's code runs at a simulated instant like any other app code.
final class _SimulatedMainExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    var hasJobs: Bool { jobs.withLock { !$0.isEmpty } }

    /// Runs every queued job, including those the jobs queue, until none is left.
    func drain() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
