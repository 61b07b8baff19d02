// SPDX-License-Identifier: GPL-3.0-or-later

/// One HCI packet: its type and the bytes after the H4 indicator (header + parameters or data).
public struct HCIPacket: Hashable, Sendable {
    public let type: HCIPacketType
    /// Header and payload, without the H4 indicator byte.
    public let bytes: [UInt8]

    public init(type: HCIPacketType, bytes: [UInt8]) {
        self.type = type
        self.bytes = bytes
    }

    /// Splits an H4-framed packet (indicator first); nil when empty or the indicator is unknown.
    public init?(h4: [UInt8]) {
        guard let first = h4.first, let type = HCIPacketType(rawValue: first) else { return nil }
        self.init(type: type, bytes: Array(h4.dropFirst()))
    }

    /// The packet with its H4 indicator in front, as on a UART or in btsnoop 1002.
    public var h4Bytes: [UInt8] { [type.rawValue] + bytes }

    /// True when the header is complete and announces exactly the bytes present.
    public var isWellFormed: Bool {
        bytes.count >= type.headerLength && type.payloadLength(header: bytes) == bytes.count - type.headerLength
    }

    /// The direction implied by the type alone: commands go to the controller, events come from it;
    /// data packets are assumed to come from the controller.
    public var impliedDirection: HCIDirection { type == .command ? .hostToController : .controllerToHost }
}
