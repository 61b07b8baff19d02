// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// The OS long-scan timeout on the app's regular scan (platforms-2026.md §2.2, AOSP
/// `ScanManager.regularScanTimeout`; ABL #1203, AOSP change 2237636): a scan that runs longer than
/// the timeout is moved — an unfiltered one to opportunistic (the app gets no results of its own),
/// a filtered one down to LOW_POWER — until it is restarted. ABL with `longScanForcingEnabled`
/// restarts it at the timeout instead (`CycledLeScanner.java` L540–566).
///
/// Only a scan the library never stops counts: a gapless pattern (ABL stops and restarts a scan
/// that has a between-scan pause; with a zero pause on Android 7+ it keeps one scan running) that
/// is not a one-shot window (a scan job ends by itself). The scan starts when the scheduler
/// (re)builds it — a mode, screen or Bluetooth change, as the scheduler already models restarts
/// (L: ABL restarts at those changes; AOSP restarts a scan whose mode changes, H).
public struct LongScanTimeout: Hashable, Sendable {
    /// The OS timeout; nil: none.
    public let limit: SimDuration?
    /// Whether the library restarts the scan at the timeout.
    public let forcing: Bool
    /// When the current long-running scan started; nil: none runs.
    public private(set) var startedAt: SimTime?
    /// When the OS moved the current scan, if it did (until the next restart).
    public private(set) var movedAt: SimTime?

    public init(limit: SimDuration?, forcing: Bool) {
        self.limit = limit.flatMap { $0 > .zero ? $0 : nil }
        self.forcing = forcing
    }

    /// When the current scan times out, if it will.
    public var deadline: SimTime? {
        guard let limit, let startedAt, movedAt == nil else { return nil }
        return startedAt + limit
    }

    /// A scan was (re)started at `now`; `runsUnbroken`: the library never stops it.
    public mutating func scanStarted(at now: SimTime, runsUnbroken: Bool) {
        startedAt = limit != nil && runsUnbroken ? now : nil
        movedAt = nil
    }

    /// The deadline passed at `now`: restarted by the library (forcing) or moved by the OS.
    public mutating func timedOut(at now: SimTime) -> Outcome {
        if forcing {
            startedAt = now
            return .restartedByApp
        }
        movedAt = now
        return .moved
    }

    public enum Outcome: Hashable, Sendable { case restartedByApp, moved }
}

/// What happened at a long-scan timeout, as the trace names it.
public enum ScanTimeoutOutcome: String, Hashable, Sendable, CaseIterable {
    /// An unfiltered scan moved to opportunistic: no results of the app's own.
    case opportunistic
    /// A filtered scan downgraded to LOW_POWER.
    case lowPower
    /// The library restarted the scan at the timeout (`longScanForcingEnabled`).
    case restarted
}

/// The OS's limits on the app's regular scan applied to the schedule the scheduler built: with
/// location services off an unfiltered scan is suspended (AOSP `ScanManager.handleStartScan`:
/// `requiresLocationOn = !hasDisavowedLocation && !filtered`, H), and a timed-out scan is moved.
/// The gate is closed through its `until` so its cycle ends (the library's own processing) go on.
enum _ScanRestrictions {
    static func apply(
        to schedule: ListeningSchedule, locationServicesOn: Bool, scanFiltered: Bool, movedAt: SimTime?,
        lowPower: ScanDuty
    ) -> ListeningSchedule {
        var restricted = schedule
        if !locationServicesOn, !scanFiltered { close(&restricted, from: .zero) }
        if let movedAt {
            close(&restricted, from: movedAt)
            if scanFiltered { restricted.filtered = lowPower.pattern(anchor: movedAt) }
        }
        return restricted
    }

    private static func close(_ schedule: inout ListeningSchedule, from time: SimTime) {
        schedule.until = min(schedule.until ?? time, time)
    }
}
