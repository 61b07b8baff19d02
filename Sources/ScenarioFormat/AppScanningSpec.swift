// SPDX-License-Identifier: GPL-3.0-or-later

/// A beacon layout an Android Beacon Library app registers with its `BeaconManager`
/// (`beaconParsers`): ABL parses AltBeacon by default and any other format only once its layout is
/// added (platforms-2026.md §3: Eddystone parsed with the layout `…p:3-3:-41`, M).
public enum BeaconLayout: String, Sendable, Equatable, CaseIterable {
    case altbeacon
    case ibeacon
    case eddystoneUID = "eddystone-uid"

    /// What an app without `layouts:` registers: AltBeacon (ABL's default) and iBeacon, the frame
    /// every scenario beacon sent before other formats existed, so those scenarios are unchanged.
    public static let implied: [BeaconLayout] = [.altbeacon, .ibeacon]
}

/// How an iOS app scans with CoreBluetooth (`coreBluetooth:`) and turns advertisements into
/// presence: it enters a region at the first matching advertisement delivered to it and leaves
/// after `exitAfter` without one (its own rule; platforms-2026.md §1.5).
public struct CoreBluetoothScanSpec: Sendable, Equatable {
    /// Whether the app declares the `bluetooth-central` background mode (UIBackgroundModes), so it
    /// may keep scanning, filtered by service UUID, in the background.
    public var backgroundMode: Bool
    /// `CBCentralManagerScanOptionAllowDuplicatesKey` in the foreground (ignored in the background).
    public var allowDuplicates: Bool
    /// Nanoseconds without a matching advertisement after which the app decides it left.
    public var exitAfter: Int64

    public init(backgroundMode: Bool = false, allowDuplicates: Bool = true, exitAfter: Int64 = 10_000_000_000) {
        self.backgroundMode = backgroundMode
        self.allowDuplicates = allowDuplicates
        self.exitAfter = exitAfter
    }
}
