// SPDX-License-Identifier: GPL-3.0-or-later

/// Extracts the HCI packet from a record of an HCI link type (formats.md §1.3, §1.4, §2).
enum _HCIRecordDecoder {
    /// The packet in `record`, or nil for records that carry no HCI packet (monitor index, system
    /// notes, mgmt) or an unknown H4 indicator. Empty records give nil.
    static func packet(from record: CaptureRecord) -> TimestampedHCIPacket? {
        let data = record.data
        switch record.linkType {
        case .btsnoopH4, .hciH4:
            guard let packet = HCIPacket(h4: data) else { return nil }
            let direction: HCIDirection =
                record.linkType == .btsnoopH4
                ? (record.flags & 1 == 1 ? .controllerToHost : .hostToController) : packet.impliedDirection
            return TimestampedHCIPacket(timestamp: record.timestamp, direction: direction, packet: packet)
        case .hciH4WithPhdr:
            guard data.count >= 5, let packet = HCIPacket(h4: Array(data[4...])) else { return nil }
            // Wireshark and libpcap: 1 = received (controller → host), 0 = sent (formats.md §2.1).
            let direction: HCIDirection = data.u32(0, bigEndian: true) & 1 == 1 ? .controllerToHost : .hostToController
            return TimestampedHCIPacket(timestamp: record.timestamp, direction: direction, packet: packet)
        case .btsnoopH1:
            let received = record.flags & 1 == 1
            let type: HCIPacketType = record.flags & 2 == 0 ? .acl : (received ? .event : .command)
            return TimestampedHCIPacket(
                timestamp: record.timestamp, direction: received ? .controllerToHost : .hostToController,
                packet: HCIPacket(type: type, bytes: data))
        case .btsnoopMonitor:
            return monitor(opcode: UInt16(record.flags & 0xFFFF), payload: data, timestamp: record.timestamp)
        case .linuxMonitor:
            guard data.count >= 4 else { return nil }
            return monitor(
                opcode: data.u16(2, bigEndian: true), payload: Array(data[4...]), timestamp: record.timestamp)
        case .leLL, .leLLWithPhdr, .nordicBLE:
            return nil
        }
    }

    /// Linux monitor opcodes 2–7 and 18–19 carry HCI traffic; all others are skipped (formats.md §1.4).
    private static func monitor(opcode: UInt16, payload: [UInt8], timestamp: Int64) -> TimestampedHCIPacket? {
        let mapping: (HCIPacketType, HCIDirection)
        switch opcode {
        case 2: mapping = (.command, .hostToController)
        case 3: mapping = (.event, .controllerToHost)
        case 4: mapping = (.acl, .hostToController)
        case 5: mapping = (.acl, .controllerToHost)
        case 6: mapping = (.sco, .hostToController)
        case 7: mapping = (.sco, .controllerToHost)
        case 18: mapping = (.iso, .hostToController)
        case 19: mapping = (.iso, .controllerToHost)
        default: return nil
        }
        return TimestampedHCIPacket(
            timestamp: timestamp, direction: mapping.1, packet: HCIPacket(type: mapping.0, bytes: payload))
    }
}
