// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// The Android Beacon Library's filtered scan on Lollipop and later (`CycledLeScannerForLollipop`,
/// behaviour.md §2.3): between background cycles a hardware-filtered scan runs in the OS's
/// LOW_POWER duty cycle while no region is inside; a packet heard only there opens a detection
/// window of continuous scanning.
public struct FilteredScan: Hashable, Sendable {
    /// The OS LOW_POWER duty cycle the filtered scan runs in.
    public var lowPower: ScanDuty
    /// Continuous scanning after a filtered hit (`BACKGROUND_L_SCAN_DETECTION_PERIOD_MILLIS`).
    public var detectionWindow: SimDuration

    public init(lowPower: ScanDuty, detectionWindow: SimDuration) {
        self.lowPower = lowPower
        self.detectionWindow = detectionWindow
    }
}
