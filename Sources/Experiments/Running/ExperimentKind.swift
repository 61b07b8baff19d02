// SPDX-License-Identifier: GPL-3.0-or-later

/// What a results folder holds.
public enum ExperimentKind: String, Sendable, CaseIterable {
    /// `beaconsim check`: one point, `check.json`.
    case check
    /// `beaconsim sweep`: a grid, `sweep.csv` and `sweep.json`.
    case sweep
}
