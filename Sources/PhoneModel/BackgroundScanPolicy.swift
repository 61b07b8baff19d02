// SPDX-License-Identifier: GPL-3.0-or-later

/// When an Android-style (scan-cycle) phone scans with the app not in the foreground; each case
/// carries the parameters that only it uses.
public enum BackgroundScanPolicy: Hashable, Sendable {
    /// Periodic scan cycles, `screenOn` with the screen on and `screenOff` with it off (AOSP
    /// SCREEN_OFF mode; equal where the OS has none): the Android Beacon Library on Android 5–7,
    /// a foreground service, an app scanning in an OS scan mode.
    case cycles(screenOn: ScanDuty, screenOff: ScanDuty)
    /// Android 8+ scan jobs.
    case jobs(ScanJobs)
    /// Only after a screen-on (Nearby).
    case atScreenOn(ScreenOnScan)
}
