// SPDX-License-Identifier: GPL-3.0-or-later

/// Identifies one scheduled event so that it can be cancelled.
///
/// The value is the event's insertion sequence number, unique within one `EventQueue`.
public struct EventHandle: Hashable, Sendable {
    public let sequence: UInt64
    @inlinable init(sequence: UInt64) { self.sequence = sequence }
}
