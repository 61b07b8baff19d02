// SPDX-License-Identifier: GPL-3.0-or-later

/// An HCI packet with its capture time and direction.
public struct TimestampedHCIPacket: Hashable, Sendable {
    /// Nanoseconds since the Unix epoch.
    public let timestamp: Int64
    public let direction: HCIDirection
    public let packet: HCIPacket

    public init(timestamp: Int64, direction: HCIDirection, packet: HCIPacket) {
        self.timestamp = timestamp
        self.direction = direction
        self.packet = packet
    }
}
