// SPDX-License-Identifier: GPL-3.0-or-later

/// The H4 packet indicator that precedes every HCI packet on a UART / byte stream (formats.md §3).
public enum HCIPacketType: UInt8, Sendable, CaseIterable {
    case command = 0x01
    case acl = 0x02
    case sco = 0x03
    case event = 0x04
    case iso = 0x05

    /// Bytes of the header after the indicator: opcode+plen 3, handle+dlen 4, handle+dlen 3, code+plen 2, handle+dlen 4.
    public var headerLength: Int {
        switch self {
        case .command: 3
        case .acl: 4
        case .sco: 3
        case .event: 2
        case .iso: 4
        }
    }

    /// The parameter / data length the header announces (`header` holds at least `headerLength` bytes).
    func payloadLength(header: [UInt8]) -> Int {
        switch self {
        case .command: Int(header.u8(2))
        case .acl: Int(header.u16(2, bigEndian: false))
        case .sco: Int(header.u8(2))
        case .event: Int(header.u8(1))
        case .iso: Int(header.u16(2, bigEndian: false) & 0x3FFF)
        }
    }
}
