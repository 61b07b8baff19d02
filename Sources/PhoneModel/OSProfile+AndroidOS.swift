// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension OSProfile {
    /// An Android app that scans with the OS scanner directly in one scan mode (current AOSP
    /// `ScanManager` constants, behaviour.md §2.4, H): the mode's window/interval in the foreground;
    /// in the background the OS forces LOW_POWER (140/1400 ms) with the screen on and SCREEN_OFF
    /// (512/10240 ms) with it off. The app's own region logic is modelled like the Android Beacon
    /// Library's: entry at detection, exit after 10 s without a packet, checked at scan-window ends.
    static func androidOS(name: String, mode: String, window: SimDuration, interval: SimDuration) -> OSProfile {
        var profile = OSProfile.androidABL
        profile.name = name
        profile.summary =
            "Android 13+ app scanning directly in \(mode) mode (\(window.nanoseconds / 1_000_000)/\(interval.nanoseconds / 1_000_000) ms); LOW_POWER in the background, SCREEN_OFF with the screen off"
        profile.foregroundScan = ScanDuty(window: window, interval: interval)
        profile.monitoring = .scanCycles(
            ScanCycleMonitoring(
                background: .cycles(
                    screenOn: aospLowPower, screenOff: ScanDuty(window: .milliseconds(512), interval: .milliseconds(10240)))))
        profile.scanThrottle = nil
        profile.evaluationInterval = interval
        profile.rangingInterval = interval
        profile.rssiAveragingWindow = interval
        let aosp = "AOSP packages/modules/Bluetooth le_scan/ScanManager.java (current, ≈ Android 13+; H, version mapping M)"
        profile.sources["foregroundScanWindow"] = "\(mode) scan window \(window.nanoseconds / 1_000_000) ms: \(aosp)"
        profile.sources["foregroundScanInterval"] = "\(mode) scan interval \(interval.nanoseconds / 1_000_000) ms: \(aosp)"
        profile.sources["backgroundScanWindow"] =
            "app in the background with the screen on is forced to LOW_POWER 140 ms (SCAN_MODE_APP_IN_BACKGROUND): \(aosp)"
        profile.sources["backgroundScanInterval"] = "LOW_POWER interval 1400 ms: \(aosp)"
        profile.sources["screenOffScanWindow"] = "screen off and app not in the foreground → SCREEN_OFF 512 ms: \(aosp)"
        profile.sources["screenOffScanInterval"] = "SCREEN_OFF interval 10240 ms: \(aosp)"
        profile.sources["filteredScanBetweenCycles"] =
            "no Android Beacon Library: the app's one scan runs continuously in the OS mode"
        profile.sources["lowPowerScanWindow"] =
            "unused without the filtered scan (the value a filteredScanBetweenCycles override starts from is the Android Beacon Library's; current LOW_POWER is 140 ms: \(aosp))"
        profile.sources["lowPowerScanInterval"] = "unused without the filtered scan (current LOW_POWER is 1400 ms)"
        profile.sources["evaluationInterval"] = "results processed once per scan interval (L)"
        profile.sources["rangingInterval"] = "results reported once per scan interval (L)"
        profile.sources["rssiAveragingWindow"] = "raw ScanResult RSSI, averaged over one scan interval (L)"
        profile.sources["scanStartLimit"] =
            "the app starts one scan and the OS duty-cycles it: no restarts, so the 5-per-30 s throttle never applies"
        profile.sources["exitHysteresis"] = "app-defined; 10 s like the Android Beacon Library's exit period (L)"
        return profile
    }

    /// Current AOSP LOW_POWER: 140/1400 ms (`ScanManager`, behaviour.md §2.4, H).
    static let aospLowPower = ScanDuty(window: .milliseconds(140), interval: .milliseconds(1400))

    public static let androidLowLatency = androidOS(
        name: "android-low-latency", mode: "LOW_LATENCY", window: .milliseconds(100), interval: .milliseconds(100))
    public static let androidBalanced = androidOS(
        name: "android-balanced", mode: "BALANCED", window: .milliseconds(183), interval: .milliseconds(730))
    public static let androidLowPower = androidOS(
        name: "android-low-power", mode: "LOW_POWER", window: .milliseconds(140), interval: .milliseconds(1400))
}
