// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// Background scanning only at screen-on (Google Nearby Messages: "low-power scans at screen-on
/// events", behaviour.md §3): after each screen-on the radio scans in `scan` for `duration`.
public struct ScreenOnScan: Hashable, Sendable {
    /// How long the scan runs after a screen-on.
    public var duration: SimDuration
    /// The duty cycle inside that time.
    public var scan: ScanDuty

    public init(duration: SimDuration, scan: ScanDuty) {
        self.duration = duration
        self.scan = scan
    }
}
