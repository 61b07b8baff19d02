// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension OSProfile {
    /// Google Nearby Messages on Android (beacon subscriptions, until the 2021-04-01 shutdown):
    /// continuous scans in the foreground; in the background, low-power scans only at screen-on
    /// events (behaviour.md §3). Google publishes no latency figures: the timing values are
    /// engineering choices (L) and say so.
    public static let nearby: OSProfile = {
        var profile = OSProfile.androidABL
        profile.name = "nearby"
        profile.summary =
            "Google Nearby Messages (Android): continuous foreground scans, background low-power scans at screen-on only"
        profile.foregroundScan = ScanDuty(window: .seconds(1), interval: .seconds(1))
        profile.monitoring = .scanCycles(
            ScanCycleMonitoring(
                background: .atScreenOn(ScreenOnScan(duration: nearbyScreenOnScanDuration, scan: aospLowPower))))
        profile.evaluationInterval = .seconds(1)
        profile.initialStateDelay = .seconds(1)
        profile.rangingInterval = .seconds(1)
        profile.rssiAveragingWindow = .seconds(1)
        profile.sources["foregroundScanWindow"] =
            "\"scans are performed continuously until your app unsubscribes\" (Google Nearby Android doc, H)"
        profile.sources["foregroundScanInterval"] = "continuous; 1 s processing cycle chosen (L)"
        profile.sources["filteredScanBetweenCycles"] =
            "Nearby has no ABL-style between-cycle scan (H: background scans only at screen-on)"
        profile.sources["scansOnlyAtScreenOn"] =
            "background subscriptions trigger \"low-power scans at screen-on events\" (Google Nearby doc, H)"
        profile.sources["screenOnScanDuration"] = "length of the screen-on scan not published; 10 s chosen (L)"
        profile.sources["backgroundScanWindow"] = "low-power scan: AOSP LOW_POWER 140 ms window (current ScanManager, H)"
        profile.sources["backgroundScanInterval"] = "AOSP LOW_POWER 1400 ms interval (H)"
        profile.sources["screenOffScanWindow"] = "unused: background scans only after a screen-on, so never with it off"
        profile.sources["screenOffScanInterval"] = "unused (see screenOffScanWindow)"
        profile.sources["evaluationInterval"] = "onFound/onLost processing cycle not published; 1 s chosen (L)"
        profile.sources["exitHysteresis"] = "onLost timeout not published; 10 s chosen like ABL's exit period (L)"
        profile.sources["initialStateDelay"] = "one processing cycle (L)"
        profile.sources["rangingInterval"] = "Nearby reports BleSignal updates; 1 s chosen (L)"
        profile.sources["rssiAveragingWindow"] =
            "BleSignal RSSI is a weighted average favouring later sightings (Google Play services doc, H); 1 s window chosen (L)"
        return profile
    }()

    /// Length of Nearby's screen-on scan: not published, 10 s chosen (L; sources: `nearby`).
    static let nearbyScreenOnScanDuration = SimDuration.seconds(10)
}
