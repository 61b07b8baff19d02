// SPDX-License-Identifier: GPL-3.0-or-later

/// Who decides region entries and exits, and with it how the phone scans in the background; each
/// style carries the parameters only it uses.
public enum MonitoringStyle: Hashable, Sendable {
    /// The OS (iOS CoreLocation): timers, hardware-assisted delays, software scans.
    case coreLocation(CoreLocationMonitoring)
    /// The app's scan cycles (the Android Beacon Library and Android apps like it).
    case scanCycles(ScanCycleMonitoring)

    /// The CoreLocation parameters, if the OS monitors.
    public var coreLocation: CoreLocationMonitoring? {
        if case .coreLocation(let monitoring) = self { monitoring } else { nil }
    }

    /// The scan-cycle parameters, if the app's scan cycles monitor.
    public var scanCycles: ScanCycleMonitoring? {
        if case .scanCycles(let monitoring) = self { monitoring } else { nil }
    }

    /// The hardware filter, if background detection uses one.
    public var hardwareFilter: HardwareFilter? { coreLocation?.hardwareFilter }
}
