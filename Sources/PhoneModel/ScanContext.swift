// SPDX-License-Identifier: GPL-3.0-or-later

/// What the scan scheduler needs to know about the phone.
public struct ScanContext: Hashable, Sendable {
    public var foreground: Bool
    public var screenOn: Bool
    /// The app is running and ranging (ranging keeps the radio scanning on iOS).
    public var ranging: Bool
    /// Some monitored region is inside (Android's filtered scans look for a first beacon only).
    public var anyRegionInside: Bool
    public var bluetoothOn: Bool
    /// The OS monitors for this app at all (permission).
    public var monitoring: Bool
    /// The app's foreground service runs (Android; `ForegroundService`): the background scans as the
    /// foreground does.
    public var foregroundService: Bool
    /// The phone's location services are on (Android: unfiltered scans are suspended while off).
    public var locationServicesOn: Bool

    public init(
        foreground: Bool, screenOn: Bool, ranging: Bool, anyRegionInside: Bool, bluetoothOn: Bool, monitoring: Bool,
        foregroundService: Bool = false, locationServicesOn: Bool = true
    ) {
        self.foreground = foreground
        self.screenOn = screenOn
        self.ranging = ranging
        self.anyRegionInside = anyRegionInside
        self.bluetoothOn = bluetoothOn
        self.monitoring = monitoring
        self.foregroundService = foregroundService
        self.locationServicesOn = locationServicesOn
    }
}
