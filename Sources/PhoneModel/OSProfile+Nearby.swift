// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension OSProfile {
    /// **Historical.** Google Nearby Messages on Android as it was until 2021: beacon attachments
    /// (the Proximity Beacon API) shut down on 2021-04-01 and the Nearby Messages API was removed by
    /// the end of 2023 (Google Nearby docs, `MessagesClient`: "Nearby Messages will be removed by the
    /// end of 2023"; platforms-2026.md §3, gap 9, H). No app can use it today; the profile stays
    /// runnable, under its old name, only to reproduce the seed article's claims (C55, C58, C59).
    /// Behaviour: continuous scans in the foreground; in the background, low-power scans only at
    /// screen-on events (behaviour.md §3). Google published no latency figures: the timing values
    /// are engineering choices (L) and say so.
    public static let nearby: OSProfile = {
        var profile = OSProfile.androidABL
        profile.name = "nearby"
        profile.summary =
            "HISTORICAL: Google Nearby Messages (Android) as of 2020; beacon attachments shut down 2021-04-01, the API "
            + "removed by the end of 2023; kept only to reproduce the seed article's claims (C55, C58, C59). Continuous "
            + "foreground scans, background low-power scans at screen-on only"
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
