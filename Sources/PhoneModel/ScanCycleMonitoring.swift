// SPDX-License-Identifier: GPL-3.0-or-later

/// Region monitoring done by the app's own scan cycles, as the Android Beacon Library does
/// (behaviour.md §2.1): entries at the first detection, exits at the first scan-cycle end more
/// than the exit period after the last packet, ranging at cycle ends.
public struct ScanCycleMonitoring: Hashable, Sendable {
    /// When the phone scans with the app in the background.
    public var background: BackgroundScanPolicy
    /// The filtered low-power scan between background windows; nil: none.
    public var filtered: FilteredScan?

    public init(background: BackgroundScanPolicy, filtered: FilteredScan? = nil) {
        self.background = background
        self.filtered = filtered
    }
}
