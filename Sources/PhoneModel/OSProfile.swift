// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// Everything the phone model needs to know about one OS and version, as data.
///
/// Each built-in profile names the source of every value in `sources` (see
/// `../shared/reference/behaviour.md`); `beaconsim profiles` prints them, and a scenario can
/// override any parameter by its key (`ProfileParameter.all`).
public struct OSProfile: Sendable {
    public var name: String
    public var summary: String
    public var platform: Platform
    /// Parameter key → where its value comes from.
    public var sources: [String: String]

    // Scanning
    /// Scan window and interval while the app is in the foreground.
    public var foregroundScanWindow: SimDuration
    public var foregroundScanInterval: SimDuration
    /// Whether background detection uses the controller's hardware filter (iPhone 5+, iOS 7.1+):
    /// every packet is eligible and entries follow `backgroundEntryDelay*`.
    public var hardwareAssisted: Bool
    /// Software background scanning when not hardware-assisted (or beyond the hardware slots).
    public var backgroundScanWindow: SimDuration
    public var backgroundScanInterval: SimDuration

    /// Scan window and interval with the screen off and the app not in the foreground (Android
    /// SCREEN_OFF mode); equal to the background values where the OS has no such mode.
    public var screenOffScanWindow: SimDuration
    public var screenOffScanInterval: SimDuration
    /// Android Beacon Library on Lollipop+: between background cycles a filtered low-power scan runs
    /// (OS LOW_POWER pattern below); a hit opens a detection window of continuous scanning.
    public var filteredScanBetweenCycles: Bool
    public var lowPowerScanWindow: SimDuration
    public var lowPowerScanInterval: SimDuration
    public var detectionWindow: SimDuration
    /// Android 8+ job scheduling: background scans only in job windows (`backgroundScanWindow` long)
    /// spaced by a uniform draw in [jobIntervalMin, jobIntervalMax].
    public var jobScheduling: Bool
    public var jobIntervalMin: SimDuration
    public var jobIntervalMax: SimDuration
    /// Background scanning only for `screenOnScanDuration` after each screen-on (Nearby).
    public var scansOnlyAtScreenOn: Bool
    public var screenOnScanDuration: SimDuration
    /// Android 7+ throttle: more than `scanStartLimit` scan starts within `scanStartPeriod` and
    /// results are withheld for the rest of the period.
    public var scanStartLimit: Double
    public var scanStartPeriod: SimDuration

    // Region monitoring
    /// Android Beacon Library style: entries at the first detection, exits and ranging at the end of
    /// each scan cycle; otherwise CoreLocation style (timers and hardware-assisted delays).
    public var scanCycleMonitoring: Bool
    /// Processing cycle of foreground monitoring and ranging.
    public var evaluationInterval: SimDuration
    /// Time without a packet of the region before the OS decides the phone left.
    public var exitHysteresis: SimDuration
    /// Hardware-assisted background entry delay: a log-normal (median, log-SD) truncated to
    /// [min, max] — it lives on the range, with no mass piled at the limits.
    public var backgroundEntryDelayMedian: SimDuration
    public var backgroundEntryDelayLogSD: Double
    public var backgroundEntryDelayMin: SimDuration
    public var backgroundEntryDelayMax: SimDuration
    /// Extra background exit delay after the hysteresis: a log-normal (median, log-SD) truncated to
    /// [0, max].
    public var backgroundExitDelayMedian: SimDuration
    public var backgroundExitDelayLogSD: Double
    public var backgroundExitDelayMax: SimDuration
    /// Probability that a background exit is never delivered.
    public var missedExitProbability: Double
    /// Time after monitoring starts before the initial state (inside/outside) is determined; it is
    /// reported at the first processing cycle after that (so within one more cycle).
    public var initialStateDelay: SimDuration
    /// Longest delay from screen-on to didDetermineState for `notifyEntryStateOnDisplay` regions,
    /// reported at the processing cycle that ends it.
    public var screenOnStateDelay: SimDuration
    /// Regions one app may monitor; more fail with monitoringDidFail.
    public var regionLimit: Double
    /// System-wide hardware "priority" slots; regions beyond them use software scans.
    public var hardwareSlots: Double

    // Lifecycle
    /// Time an app woken by a region event runs before it is suspended.
    public var wakeWindow: SimDuration
    /// Background time a background task obtains (`beginBackgroundTask`), counted from the start of
    /// the background session (the wake, or the user leaving the app) when `backgroundTaskFromWake`,
    /// else from the request. The sources disagree by iOS version (~180 s on iOS 7–12, ~30 s on
    /// iOS 13+; docs/phone-model.md).
    public var backgroundTaskDuration: SimDuration
    public var backgroundTaskFromWake: Bool
    /// How long before the background time runs out the task's expiration handler runs.
    public var backgroundTaskExpirationLead: SimDuration
    /// Whether an app killed by the user is relaunched for region events.
    public var relaunchesKilledApps: Bool
    /// Whether a background app is suspended after its wake window (iOS); Android apps keep running
    /// in their (beacon) service.
    public var suspendsInBackground: Bool

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

    /// The value of parameter `key`, if it exists.
    public func value(of key: String) -> ProfileValue? {
        ProfileParameter.byKey[key]?.value(in: self)
    }

    /// Applies an override; returns an error message when the key is unknown or the value invalid.
    public mutating func override(_ key: String, with value: ProfileValue) -> String? {
        guard let parameter = ProfileParameter.byKey[key] else {
            return "unknown parameter '\(key)' for profile '\(name)'"
        }
        guard parameter.set(value, in: &self) else {
            return "invalid value \(value) for '\(key)' (expects a \(parameter.kind.rawValue): \(parameter.meaning))"
        }
        sources[key] = "scenario override"
        return nil
    }
}
