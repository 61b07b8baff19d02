// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// The app's App Standby bucket (Android 9+; platforms-2026.md §2.3): how recently the user used
/// it decides how much job time it gets on battery (`jobQuota`). A scenario sets it per app
/// (`app.standbyBucket`); without it the app's jobs are not limited, as before.
public enum StandbyBucket: String, CaseIterable, Hashable, Sendable {
    case active, workingSet, frequent, rare, restricted

    /// The bucket's job quota on battery; nil: unlimited. `android16` applies Android 16's quota to
    /// the active bucket too ("runtime quotas … enforced for the active bucket", behavior-changes-all, H).
    public func jobQuota(android16: Bool) -> JobQuota? {
        switch self {
        case .active: android16 ? JobQuota(runtime: .minutes(20), window: .minutes(60), sessions: 75) : nil
        case .workingSet: JobQuota(runtime: .minutes(10), window: .minutes(240), sessions: 10)
        case .frequent: JobQuota(runtime: .minutes(10), window: .minutes(720), sessions: 8)
        case .rare: JobQuota(runtime: .minutes(10), window: .minutes(1440), sessions: 3)
        case .restricted: JobQuota(runtime: .minutes(10), window: .minutes(1440), sessions: 1)
        }
    }

    /// Whether the quota holds while the phone charges: only the restricted bucket's ("Charging: No
    /// execution limits except for restricted standby bucket", power-details, H).
    public var limitedWhileCharging: Bool { self == .restricted }

    /// Where each bucket's figures come from, for `beaconsim profiles --buckets` and the docs.
    public var source: String {
        switch self {
        case .active:
            "no job limit before Android 16 (power-details, H); on 16+ quotas apply to the active bucket too (behavior-changes-all 16, H): 20 min of regular jobs per rolling 60 min (the current power-details table as quoted by softaai.com 2025, M); 75 sessions (AOSP QuotaController MAX_SESSION_COUNT_ACTIVE, H)"
        case .workingSet:
            "10 min of jobs per rolling 4 h (the current power-details table as quoted by softaai.com 2025, M; the pre-Android 13 table: every 2 h, H); 10 sessions per window (AOSP QuotaController MAX_SESSION_COUNT_WORKING, H)"
        case .frequent:
            "10 min of jobs per rolling 12 h (the current power-details table as quoted by softaai.com 2025, M; the pre-Android 13 table: every 8 h, H); 8 sessions per window (AOSP QuotaController MAX_SESSION_COUNT_FREQUENT, H)"
        case .rare:
            "\"scheduled jobs for a total period of 10 minutes in a rolling 24 hour period\" (power-details, H); 3 sessions per 24 h (AOSP QuotaController MAX_SESSION_COUNT_RARE, H)"
        case .restricted:
            "jobs once per day (power-details, H): 1 session per 24 h (AOSP QuotaController MAX_SESSION_COUNT_RESTRICTED, H), 10 min; also while charging (H)"
        }
    }
}

/// A rolling job quota: at most `runtime` of jobs and `sessions` job sessions in any `window`
/// (AOSP `QuotaController`: `ALLOWED_TIME_PER_PERIOD_MS` 10 min, `WINDOW_SIZE_*_MS`,
/// `MAX_SESSION_COUNT_*`; sessions closer than 5 s coalesce, which scan jobs minutes apart never are).
public struct JobQuota: Hashable, Sendable {
    public var runtime: SimDuration
    public var window: SimDuration
    public var sessions: Int

    public init(runtime: SimDuration, window: SimDuration, sessions: Int) {
        self.runtime = runtime
        self.window = window
        self.sessions = sessions
    }
}
