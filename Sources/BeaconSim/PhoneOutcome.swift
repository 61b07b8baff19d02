// SPDX-License-Identifier: GPL-3.0-or-later

/// What one input to a phone (a packet, its timer, a user action, its start) changed that the
/// world must act on. The world reads nothing else of the phone's state to decide.
struct PhoneOutcome: Equatable {
    /// The phone's next deadline or its scan schedule may have moved: the world re-arms the phone's
    /// single timer event and refreshes its listening pattern in the link table.
    var needsReschedule: Bool

    /// Nothing the world schedules changed (most received packets).
    static let unchanged = PhoneOutcome(needsReschedule: false)
    /// The phone's deadlines or scan schedule may have changed.
    static let rescheduled = PhoneOutcome(needsReschedule: true)
}
