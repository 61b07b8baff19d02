// SPDX-License-Identifier: GPL-3.0-or-later

/// Which files a scenario's `imports:` may read.
public enum ImportPolicy: Sendable, Hashable {
    /// Only files in the importing scenario's folder or below, after following symbolic links
    /// (the default: a scenario from elsewhere cannot make BeaconSim read `/etc` or `../.env`).
    case withinScenarioTree
    /// Any file the user can read (`--allow-outside-imports`).
    case anywhere
}
