// SPDX-License-Identifier: GPL-3.0-or-later

/// How the OS is monitoring at a given moment: with the app in the foreground (1 s processing
/// cycles) or in the background (hardware filter or periodic software scans).
public enum MonitoringMode: Sendable, Hashable {
    case foreground, background
}
