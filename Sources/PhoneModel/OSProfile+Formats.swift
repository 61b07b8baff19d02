// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

extension OSProfile {
    /// No public measurement of CoreBluetooth's background coalescing exists: 60 s, from reports
    /// of background discovery "delays measured in minutes" (L; `formatSources`).
    public static let defaultCoreBluetoothBackgroundInterval: SimDuration = .seconds(60)

    /// Sources of the parameters of other beacon formats, merged into every built-in profile's.
    static let formatSources: [String: String] = [
        "coreBluetoothBackgroundInterval":
            "iOS only (Android profiles do not use it). Background CoreBluetooth scans coalesce duplicates into one "
            + "discovery and scan less often (Apple Core Bluetooth Programming Guide, \"Core Bluetooth Background "
            + "Processing\", H); how often is not published: 60 s chosen from reports of background discovery delays "
            + "\"measured in minutes\" (iottive 2026) and \"Eddystone works only when the application is in the "
            + "foreground\" (aptsoftware); SO 28255475 (L)"
    ]
}
