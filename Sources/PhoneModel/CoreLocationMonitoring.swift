// SPDX-License-Identifier: GPL-3.0-or-later

/// Region monitoring done by the OS, as CoreLocation does (behaviour.md §1.1–1.2): reports on
/// processing cycles in the foreground; in the background the hardware filter (when the phone has
/// one, for regions in its slots) or a periodic software scan.
public struct CoreLocationMonitoring: Hashable, Sendable {
    /// The periodic software background scan: the only background detection without a hardware
    /// filter (iOS 7.0, iPhone 4S), and the one for regions beyond the filter's slots.
    public var softwareScan: ScanDuty
    /// The hardware filter; nil: software scans only.
    public var hardwareFilter: HardwareFilter?

    public init(softwareScan: ScanDuty, hardwareFilter: HardwareFilter?) {
        self.softwareScan = softwareScan
        self.hardwareFilter = hardwareFilter
    }
}
