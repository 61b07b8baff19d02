// SPDX-License-Identifier: GPL-3.0-or-later

/// How `World.run` steps through advertising events. Both modes give byte-identical results;
/// tests hold them to it on every scenario.
public enum LoopMode: Sendable {
    /// Links known to be inaudible are skipped without computing or drawing anything
    /// (`LinkTable+Quiet`); the default.
    case fast
    /// Event by event, every listening link evaluated at every advertising event: the definition
    /// the fast loop must reproduce (`beaconsim run --reference-loop`).
    case reference
}
