// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// Everything the phone model needs to know about one OS and version, as data: modes that carry
/// their own parameters (how regions are monitored and the phone scans in the background, whether
/// scan starts are throttled, whether background apps are suspended), so a combination that
/// cannot happen cannot be written.
///
/// Each built-in profile names the source of every value in `sources` (see
/// `../shared/reference/behaviour.md`); `beaconsim profiles` prints them, and a scenario can
/// override any parameter by its key (`ProfileParameter.all`) through the profile's flat
/// `settings` (`override(_:)`).
public struct OSProfile: Hashable, Sendable {
    public var name: String
    public var summary: String
    /// What this version family changed against the one it derives from, each with its source and
    /// grade (`beaconsim profiles` lists them under the summary); empty for a base profile.
    public var changes: [String] = []
    public var platform: Platform
    /// Parameter key → where its value comes from.
    public var sources: [String: String]

    // Scanning
    /// Scan window and interval while the app is in the foreground (or ranging).
    public var foregroundScan: ScanDuty
    /// The Android 7+ scan-start throttle on the scan cycles; nil: none.
    public var scanThrottle: ScanThrottle?

    // Region monitoring
    /// Who decides entries and exits (the OS or the app's scan cycles), and with it how the phone
    /// scans in the background.
    public var monitoring: MonitoringStyle
    /// Processing cycle of foreground monitoring and ranging, of initial-state and state-request
    /// answers.
    public var evaluationInterval: SimDuration
    /// Time without a packet of the region before the phone is judged to have left.
    public var exitHysteresis: SimDuration
    /// Time after monitoring starts before the initial state (inside/outside) is determined; it is
    /// reported at the first processing cycle after that (so within one more cycle).
    public var initialStateDelay: SimDuration
    /// Longest delay from screen-on to didDetermineState for `notifyEntryStateOnDisplay` regions,
    /// reported at the processing cycle that ends it.
    public var screenOnStateDelay: SimDuration
    /// Regions one app may monitor; more fail with monitoringDidFail.
    public var regionLimit: Int

    // Lifecycle
    /// Whether a background app is suspended (with its time budget) or keeps running.
    public var execution: BackgroundExecution
    /// Whether an app killed by the user is relaunched for region events.
    public var killedApps: KilledAppPolicy

    // Ranging
    /// Interval of didRangeBeacons callbacks.
    public var rangingInterval: SimDuration
    /// How long a beacon missed in a ranging cycle is still listed (proximity unknown, rssi 0).
    public var rangingLinger: SimDuration
    /// RSSI averaging window of ranging: one cycle on iOS; a 20 s running average with the top and
    /// bottom 10 % trimmed in the Android Beacon Library.
    public var rssiAveragingWindow: SimDuration
    /// Distance curve d = A·(rssi/measuredPower)^B + C (ratio < 1: ratio^10), metres.
    public var accuracyCoefficientA: Double
    public var accuracyCoefficientB: Double
    public var accuracyCoefficientC: Double
    /// Accuracy thresholds for immediate and near, metres.
    public var immediateThreshold: Double
    public var nearThreshold: Double

    // The iOS API generation
    /// `CLMonitor` (iOS 17+); nil: the OS has none.
    public var clMonitor: CLMonitorSupport? = nil
    /// Control Center's Bluetooth "off" re-enables itself at 5 AM (Radius 2018, M; medium.com
    /// @panlong90, L): the time of day, counted from the run's start taken as 00:00.
    public var controlCenterBluetoothRestoreAt: SimDuration = .seconds(5 * 3600)
    // Android under pressure (opt-in: off in every profile unless overridden; `OSProfile+Pressure`)
    /// Deep Doze; nil: not modelled (the phone never dozes).
    public var doze: DozeParameters?
    /// Android 16's job quotas: the active standby bucket gets a quota too.
    public var android16JobQuotas = false
    /// How long an aggressive maker's background killer lets a non-exempt app run in the
    /// background (used only with `phones[].maker: aggressiveKiller`).
    public var backgroundKillDelay = OSProfile.defaultBackgroundKillDelay

    // Android 12–16
    /// The Android release's rules and the library's reactions (`legacy`: none).
    public var android: AndroidPlatform = .legacy

    // Other beacon formats
    /// iOS: the shortest time between two CoreBluetooth discoveries of one beacon delivered to a
    /// background app (`CoreBluetoothPresence`); unused elsewhere. Sources: `formatSources`.
    public var coreBluetoothBackgroundInterval: SimDuration = OSProfile.defaultCoreBluetoothBackgroundInterval

    public init(
        name: String, summary: String, platform: Platform, sources: [String: String], foregroundScan: ScanDuty,
        scanThrottle: ScanThrottle?, monitoring: MonitoringStyle, evaluationInterval: SimDuration,
        exitHysteresis: SimDuration, initialStateDelay: SimDuration, screenOnStateDelay: SimDuration, regionLimit: Int,
        execution: BackgroundExecution, killedApps: KilledAppPolicy, rangingInterval: SimDuration,
        rangingLinger: SimDuration, rssiAveragingWindow: SimDuration, accuracyCoefficientA: Double,
        accuracyCoefficientB: Double, accuracyCoefficientC: Double, immediateThreshold: Double, nearThreshold: Double
    ) {
        self.name = name
        self.summary = summary
        self.platform = platform
        self.sources = sources.merging(Self.pressureSources) { own, _ in own }
        self.foregroundScan = foregroundScan
        self.scanThrottle = scanThrottle
        self.monitoring = monitoring
        self.evaluationInterval = evaluationInterval
        self.exitHysteresis = exitHysteresis
        self.initialStateDelay = initialStateDelay
        self.screenOnStateDelay = screenOnStateDelay
        self.regionLimit = regionLimit
        self.execution = execution
        self.killedApps = killedApps
        self.rangingInterval = rangingInterval
        self.rangingLinger = rangingLinger
        self.rssiAveragingWindow = rssiAveragingWindow
        self.accuracyCoefficientA = accuracyCoefficientA
        self.accuracyCoefficientB = accuracyCoefficientB
        self.accuracyCoefficientC = accuracyCoefficientC
        self.immediateThreshold = immediateThreshold
        self.nearThreshold = nearThreshold
    }

    /// The value of parameter `key`, if it exists.
    public func value(of key: String) -> ProfileValue? {
        ProfileKey(rawValue: key).map { settings[$0] }
    }

    /// Applies one override; returns an error message when the key is unknown or the value invalid.
    public mutating func override(_ key: String, with value: ProfileValue) -> String? {
        override([(key, value)])[0]
    }

    /// Applies overrides together, so their order does not matter (a flag that switches a mode on
    /// and that mode's parameters may come in any order): each is checked against its parameter,
    /// the valid ones are written into the flat settings, and the profile is rebuilt from them once.
    /// Returns the error message of each rejected override by its index; overridden parameters
    /// get the source "scenario override".
    public mutating func override(_ overrides: [(key: String, value: ProfileValue)]) -> [Int: String] {
        var values = settings
        var problems: [Int: String] = [:]
        var changed: [ProfileKey] = []
        for (index, (key, value)) in overrides.enumerated() {
            guard let parameter = ProfileParameter.byKey[key] else {
                problems[index] = "unknown parameter '\(key)' for profile '\(name)'"
                continue
            }
            guard parameter.accepts(value) else {
                problems[index] =
                    "invalid value \(value) for '\(key)' (expects a \(parameter.expectation): \(parameter.meaning))"
                continue
            }
            values[parameter.name] = value
            changed.append(parameter.name)
        }
        self = OSProfile(rebuilding: self, from: values)
        for key in changed { sources[key.rawValue] = "scenario override" }
        return problems
    }
}
