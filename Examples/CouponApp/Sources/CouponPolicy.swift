// SPDX-License-Identifier: GPL-3.0-or-later

/// When to show the store coupon: once per visit, re-armed only after `rearmAfter` seconds
/// outside the store (so a false exit, or popping out for ten minutes, does not give a second one).
///
/// Pure and platform-neutral: times are seconds on any clock that only moves forward.
public struct CouponPolicy: Equatable, Sendable {
    /// Seconds outside before the next entry earns a coupon again; 30 minutes.
    public var rearmAfter: Double = 30 * 60
    /// When the last coupon was shown.
    public var lastCouponAt: Double?
    /// When the phone last left the store.
    public var lastExitAt: Double?

    public init(rearmAfter: Double = 30 * 60, lastCouponAt: Double? = nil, lastExitAt: Double? = nil) {
        self.rearmAfter = rearmAfter
        self.lastCouponAt = lastCouponAt
        self.lastExitAt = lastExitAt
    }

    /// The phone is in the store at `now`: true when a coupon should be shown (and it counts as shown).
    public mutating func entered(at now: Double) -> Bool {
        if let shown = lastCouponAt {
            guard let exit = lastExitAt, exit >= shown, now - exit >= rearmAfter else { return false }
        }
        lastCouponAt = now
        return true
    }

    /// The phone left the store at `now`.
    public mutating func exited(at now: Double) { lastExitAt = now }
}
