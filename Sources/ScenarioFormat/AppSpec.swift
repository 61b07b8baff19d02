// SPDX-License-Identifier: GPL-3.0-or-later

/// The app under test as the scenario describes it: what it monitors, whether it ranges, its state
/// at the start, its permissions and its simple rules.
public struct AppSpec: Sendable, Equatable {
    public var initialState: InitialAppState
    /// Whether the app ranges its regions' beacons whenever it runs.
    public var ranging: Bool
    public var regions: [RegionSpec]
    /// Whether the app creates its location manager (and so receives region callbacks) in
    /// `didFinishLaunching`; a library that starts later misses callbacks after a kill.
    public var createsManagerAtLaunch: Bool
    public var permission: LocationPermission
    public var backgroundRefresh: Bool
    public var rules: [RuleSpec]
    /// Which platform API the app monitors with (default `regionMonitoring`).
    public var api: AppAPI = .regionMonitoring
    /// iOS 14+ Precise Location (`CLAccuracyAuthorization.fullAccuracy`); off ("approximate"), Core
    /// Location gives the app no region monitoring and no beacon ranging (Apple accuracyAuthorization
    /// doc, H). Default true.
    public var preciseLocation = true
    /// The `CLServiceSession` the app holds (iOS 18+; `clMonitor` apps). Default `always`.
    public var serviceSession: ServiceSessionGoal = .always
    /// Whether the app re-opens its `CLMonitor` by name in `didFinishLaunching` (`clMonitor` apps);
    /// false: only when the user opens it. Default true.
    public var opensMonitorAtLaunch = true
    /// Android: the app's App Standby bucket; nil = its jobs are not limited (as before buckets).
    public var standbyBucket: StandbyBucketName?
    /// Android: the app's scans carry no scan filters (matters on a `samsung` phone with the screen off).
    public var unfilteredScans = false
    /// Android: the user exempted the app from battery optimisation (an `aggressiveKiller` phone
    /// then leaves it alone).
    public var batteryOptimizationExempt = false
    /// Android permissions (`app.android:`); nil: from `permission` alone.
    public var android: AndroidAppSpec?
    /// The beacon layouts an Android Beacon Library app registers (`layouts:`); nil: not given
    /// (`BeaconLayout.implied`).
    public var layouts: [BeaconLayout]?
    /// The CoreBluetooth scan's settings (`coreBluetooth:`) of an `api: coreBluetooth` app; nil: the
    /// defaults (`CoreBluetoothScanSpec()`).
    public var coreBluetooth: CoreBluetoothScanSpec?

    public init(
        initialState: InitialAppState = .background, ranging: Bool = false, regions: [RegionSpec],
        createsManagerAtLaunch: Bool = true, permission: LocationPermission = .always, backgroundRefresh: Bool = true,
        rules: [RuleSpec] = [], android: AndroidAppSpec? = nil
    ) {
        self.initialState = initialState
        self.ranging = ranging
        self.regions = regions
        self.createsManagerAtLaunch = createsManagerAtLaunch
        self.permission = permission
        self.backgroundRefresh = backgroundRefresh
        self.rules = rules
        self.android = android
    }
}

/// An Android App Standby bucket (Android 9+).
public enum StandbyBucketName: String, Sendable, Equatable, CaseIterable {
    case active, workingSet, frequent, rare, restricted
}

/// The app's state when the run starts.
public enum InitialAppState: String, Sendable, Equatable, CaseIterable {
    case foreground, background, suspended, notRunning
}

/// The app's location authorisation.
public enum LocationPermission: String, Sendable, Equatable, CaseIterable {
    case always, whenInUse, denied
}
