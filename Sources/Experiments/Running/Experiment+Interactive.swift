// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim

extension Experiment {
    /// `execute` for the command line: a progress bar on stderr when it is a terminal, and the
    /// executable's `stop` flag (raised by its signal handler) ending the work: once requested no
    /// replication starts, once raised the running ones return; the finished replications are
    /// written either way (`outcome.folder.interrupted`, `outcome.interruptStatus`).
    public func executeInteractively(label: String, stop: StopFlag) async throws -> ExperimentOutcome {
        let bar = ProgressBar(label: label)
        defer { bar.finish() }
        var outcome = try await execute(stop: stop, progress: bar.update)
        outcome.interruptStatus = stop.isRequested ? (stop.exitStatus ?? 130) : nil
        return outcome
    }
}
