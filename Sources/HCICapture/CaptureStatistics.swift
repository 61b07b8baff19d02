// SPDX-License-Identifier: GPL-3.0-or-later

/// Running counts kept by a `CaptureReader`.
public struct CaptureStatistics: Hashable, Sendable {
    /// Records read from the container.
    public var records = 0
    /// HCI packets extracted (HCI captures).
    public var hciPackets = 0
    /// HCI events among them.
    public var hciEvents = 0
    /// Records with no HCI packet (monitor index / notes, unknown H4 indicators) or of an air link type
    /// read through `nextHCIPacket()`.
    public var skippedRecords = 0
    /// Events whose lengths were inconsistent: skipped, or for an advertising report event, read
    /// up to its first damaged report.
    public var malformedPackets = 0
    /// Reports announced by advertising report events but not readable (from the first damaged
    /// report of an event on).
    public var unreadableReports = 0
    /// LE advertising reports (HCI) or parsed advertiser's PDUs (air, whatever the CRC).
    public var advertisingReports = 0
    /// Air: packets on the advertising access address 0x8E89BED6.
    public var advertisingChannelPackets = 0
    /// Air: packets on the advertising access address whose CRC-24 did not match.
    public var badCRCPackets = 0
    /// Air: packets on other access addresses (connections) or too short to hold AA + header + CRC.
    public var otherAirPackets = 0

    public init() {}
}
