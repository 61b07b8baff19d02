// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a `CLMonitor` event may not mean what its state says: the diagnostics an event carries
/// (Apple `CLMonitor.Event` doc, H; `conditionLimitExceeded` iOS 18, H). An `unsatisfied` event
/// with a diagnostic is "cannot tell", not an exit (platforms-2026.md §1.3, M).
public enum MonitorDiagnostic: String, Sendable, Hashable, CaseIterable, Comparable {
    case accuracyLimited, authorizationDenied, authorizationDeniedGlobally, authorizationRestricted
    case authorizationRequestInProgress, insufficientlyInUse, persistenceUnavailable, serviceSessionRequired
    case conditionUnsupported, conditionLimitExceeded

    public static func < (lhs: MonitorDiagnostic, rhs: MonitorDiagnostic) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
