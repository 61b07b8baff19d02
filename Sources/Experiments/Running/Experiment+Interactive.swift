// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim

extension Experiment {
    /// `execute` for the command line: a progress bar on stderr when it is a terminal, and
    /// Ctrl-C or SIGTERM stop the work, keeping and writing the finished replications
    /// (`outcome.folder.interrupted`, `outcome.interruptStatus`; see `InterruptSignal`).
    public func executeInteractively(label: String) async throws -> ExperimentOutcome {
        let bar = ProgressBar(label: label)
        let experiment = self
        let stop = StopFlag()
        let task = Task { try await experiment.execute(stop: stop, progress: bar.update) }
        let interrupt = InterruptSignal(stop: stop) { task.cancel() }
        defer {
            bar.finish()
            withExtendedLifetime(interrupt) {}
        }
        var outcome = try await task.value
        outcome.interruptStatus = interrupt.exitStatus
        return outcome
    }
}
