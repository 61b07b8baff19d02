// SPDX-License-Identifier: GPL-3.0-or-later

extension Experiment {
    /// `execute` for the command line: a progress bar on stderr when it is a terminal, and
    /// Ctrl-C cancels the work, keeping and writing the finished replications
    /// (`outcome.folder.interrupted`).
    public func executeInteractively(label: String) async throws -> ExperimentOutcome {
        let bar = ProgressBar(label: label)
        let experiment = self
        let task = Task { try await experiment.execute(progress: bar.update) }
        let interrupt = InterruptSignal { task.cancel() }
        defer {
            bar.finish()
            withExtendedLifetime(interrupt) {}
        }
        return try await task.value
    }
}
