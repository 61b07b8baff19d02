// SPDX-License-Identifier: GPL-3.0-or-later

/// The app's foreground service under Android's start limits, as a pure state machine
/// (platforms-2026.md §2.3; ABL #1082, PR #1165, #1244):
///
/// - A start while the app is in the foreground is always allowed.
/// - Android 12+: a start from the background (the process restarted by the OS or the sticky
///   service after it ended, an app launched into the background) is refused
///   (`ForegroundServiceStartNotAllowedException`); before 12 it is allowed.
/// - Android 14+: after a reboot, the start from `Application.onCreate` is refused until the app's
///   BOOT_COMPLETED receiver ran; ABL ≥ 2.20.2 retries in that receiver and succeeds (PR #1165); an
///   older library stays refused. On 12–13 the start at boot is allowed (PR #1162, tested on
///   Android 13).
/// - While refused, ABL silently falls back to the Job Scheduler and retries the next time the app
///   is in the foreground (ABL #1082: "the library will automatically switch back to using a
///   foreground service").
///
/// The phone does not scan at all before the first unlock after a reboot (`PhoneSwitches`), so the
/// boot attempt happens at that unlock.
public struct ForegroundService: Hashable, Sendable {
    public let platform: AndroidPlatform
    /// Whether the service runs (scans as in the foreground, and counts as the foreground for
    /// while-in-use location).
    public private(set) var isRunning: Bool
    /// A start was refused; the library runs scan jobs until a retry succeeds.
    public private(set) var isRefused = false
    /// A reboot ended the service; the boot attempt waits for the first unlock.
    private var awaitingBoot = false

    /// A service not started yet (`start(processRunning:foreground:)` starts it at t = 0).
    public init(platform: AndroidPlatform) {
        self.platform = platform
        isRunning = false
    }

    /// What starts the service or tries to.
    public enum Trigger: String, Hashable, Sendable, CaseIterable {
        /// Running when the run starts (started earlier while the app was in use).
        case initial
        /// The app came to the foreground.
        case foreground
        /// The process or its sticky service restarted in the background after it ended.
        case backgroundRestart
        /// `Application.onCreate` after a reboot (at the first unlock).
        case boot
        /// ABL's retry in its BOOT_COMPLETED receiver.
        case bootCompleted
    }

    /// What happened to the service, for the trace.
    public enum Effect: Hashable, Sendable {
        case started(Trigger)
        case refused(Trigger, reason: Refusal)
    }

    /// The run starts: the service runs when the app has been opened before (`processRunning`: it
    /// was started then, while in use); otherwise the process will be launched into the background,
    /// so the start is one from the background.
    public mutating func start(processRunning: Bool, foreground: Bool) -> [Effect] {
        if foreground { return [setRunning(.foreground)] }
        if processRunning { return [setRunning(.initial)] }
        return attempt(.backgroundRestart)
    }

    /// The app came to the foreground: a start is allowed.
    public mutating func appEnteredForeground() -> [Effect] {
        isRunning ? [] : [setRunning(.foreground)]
    }

    /// The app's process ended (user kill, system, reboot): the service ends with it. Except at a
    /// reboot, the sticky service (or the library's next job) tries again at once, from the background.
    public mutating func processEnded(reboot: Bool) -> [Effect] {
        isRunning = false
        if reboot {
            awaitingBoot = true
            return []
        }
        return attempt(.backgroundRestart)
    }

    /// The first unlock after a reboot: the app starts and tries; on 14+ its BOOT_COMPLETED receiver
    /// then retries (ABL ≥ 2.20.2).
    public mutating func firstUnlockAfterReboot() -> [Effect] {
        guard awaitingBoot else { return [] }
        awaitingBoot = false
        if isRunning { return [] }
        guard platform.refusesServiceStartBeforeBootCompleted else { return [setRunning(.boot)] }
        var effects = [refuse(.boot, reason: .beforeBootCompleted)]
        if platform.retriesForegroundServiceAtBoot { effects.append(setRunning(.bootCompleted)) }
        return effects
    }

    private mutating func attempt(_ trigger: Trigger) -> [Effect] {
        if platform.refusesBackgroundServiceStart {
            return [refuse(trigger, reason: .fromBackground)]
        }
        return [setRunning(trigger)]
    }

    private mutating func setRunning(_ trigger: Trigger) -> Effect {
        isRunning = true
        isRefused = false
        return .started(trigger)
    }

    private mutating func refuse(_ trigger: Trigger, reason: Refusal) -> Effect {
        isRunning = false
        isRefused = true
        return .refused(trigger, reason: reason)
    }
}
