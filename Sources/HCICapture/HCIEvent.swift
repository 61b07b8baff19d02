// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising

/// A decoded HCI event (Core spec Vol 4 Part E §7.7; formats.md §3–4).
public enum HCIEvent: Hashable, Sendable {
    /// Command Complete (0x0E): credits, opcode, return parameters (status first for most commands).
    case commandComplete(numberOfPackets: UInt8, opcode: UInt16, returnParameters: [UInt8])
    /// Command Status (0x0F).
    case commandStatus(status: HCIStatus, numberOfPackets: UInt8, opcode: UInt16)
    /// LE Meta 0x02, 0x0D or 0x0B: every report of the event, in order.
    case leAdvertisingReports([LEAdvertisingReport])
    /// Any other LE Meta subevent.
    case leMeta(subevent: UInt8, parameters: [UInt8])
    /// Any other event.
    case other(code: UInt8, parameters: [UInt8])

    public static let commandCompleteCode: UInt8 = 0x0E
    public static let commandStatusCode: UInt8 = 0x0F
    public static let leMetaCode: UInt8 = 0x3E

    /// The status of a Command Complete (first return parameter) or Command Status; nil otherwise.
    public var status: HCIStatus? {
        switch self {
        case .commandComplete(_, _, let parameters): parameters.first.map(HCIStatus.init(rawValue:))
        case .commandStatus(let status, _, _): status
        default: nil
        }
    }

    /// Decodes an event packet. Throws `malformedPacket` (offset = byte within the packet, after the
    /// H4 indicator) when the parameter length disagrees with the bytes or a report runs past the end.
    public init(packet: HCIPacket) throws {
        let decoded = try Self.salvaging(packet)
        if let damage = decoded.damage { throw damage }
        self = decoded.event
    }

    /// Decodes an event packet like `init(packet:)`, except that an advertising report event whose
    /// later reports are cut short or inconsistent keeps every complete report before them:
    /// `unreadableReports` counts the announced reports that could not be read and `damage` says
    /// where. Other malformed events throw as in `init(packet:)`.
    public static func salvaging(_ packet: HCIPacket) throws -> (
        event: HCIEvent, unreadableReports: Int, damage: CaptureError?
    ) {
        let bytes = packet.bytes
        guard packet.type == .event else {
            throw CaptureError(code: .malformedPacket, offset: 0, message: "not an HCI event packet at byte offset 0")
        }
        guard bytes.count >= 2 else {
            throw CaptureError.malformed("event header shorter than 2 bytes", at: 0, code: .malformedPacket)
        }
        let length = Int(bytes[1])
        guard bytes.count - 2 >= length else {
            throw CaptureError.truncated("event parameters", at: 2, need: length, have: Int64(bytes.count - 2))
        }
        let parameters = Array(bytes[2..<(2 + length)])
        switch bytes[0] {
        case Self.commandCompleteCode:
            guard parameters.count >= 3 else { throw Self.short("Command Complete") }
            return (
                .commandComplete(
                    numberOfPackets: parameters[0], opcode: parameters.u16(1, bigEndian: false),
                    returnParameters: Array(parameters[3...])), 0, nil
            )
        case Self.commandStatusCode:
            guard parameters.count >= 4 else { throw Self.short("Command Status") }
            return (
                .commandStatus(
                    status: HCIStatus(rawValue: parameters[0]), numberOfPackets: parameters[1],
                    opcode: parameters.u16(2, bigEndian: false)), 0, nil
            )
        case Self.leMetaCode:
            guard let subevent = parameters.first else { throw Self.short("LE Meta") }
            let batch: ReportBatch
            let reportKinds: [LEAdvertisingReport.Kind] = [.legacy, .extended, .directed]
            if reportKinds.map(\.rawValue).contains(subevent), parameters.count < 2 {
                throw Self.short("LE Advertising Report (no report count)")
            }
            switch subevent {
            case LEAdvertisingReport.Kind.legacy.rawValue: batch = Self.legacyReports(parameters)
            case LEAdvertisingReport.Kind.extended.rawValue: batch = Self.extendedReports(parameters)
            case LEAdvertisingReport.Kind.directed.rawValue: batch = Self.directedReports(parameters)
            default: return (.leMeta(subevent: subevent, parameters: Array(parameters.dropFirst())), 0, nil)
            }
            return (.leAdvertisingReports(batch.reports), batch.unreadable, batch.damage)
        default:
            return (.other(code: bytes[0], parameters: parameters), 0, nil)
        }
    }

    /// The reports read from one event, and what could not be read.
    struct ReportBatch {
        var reports: [LEAdvertisingReport] = []
        /// Announced reports not read, from the first damaged one on.
        var unreadable = 0
        var damage: CaptureError?

        /// Stops reading at report `index` of `total`, damaged at byte `offset` of the event.
        mutating func stop(_ name: String, at offset: Int, index: Int, of total: Int) {
            unreadable = total - index
            damage = HCIEvent.short(name, at: offset)
        }
    }

    static func short(_ name: String, at offset: Int = 2) -> CaptureError {
        CaptureError.malformed("\(name) event too short", at: Int64(offset), code: .malformedPacket)
    }

    /// Subevent 0x02: reports laid out contiguously (BlueZ / Bumble / Wireshark reading; formats.md §4.1).
    static func legacyReports(_ p: [UInt8]) -> ReportBatch {
        var batch = ReportBatch()
        var at = 2
        let total = Int(p.u8(1))
        for index in 0..<total {
            let dataLength = Int(p.u8(at + 8))
            guard at + 10 + dataLength <= p.count,
                let address = BluetoothAddress(littleEndianBytes: p[(at + 2)..<(at + 8)])
            else {
                batch.stop("LE Advertising Report", at: 2 + at, index: index, of: total)
                break
            }
            batch.reports.append(
                LEAdvertisingReport(
                    kind: .legacy, eventType: UInt16(p[at]), addressType: p[at + 1], address: address,
                    rssi: LEAdvertisingReport.rssi(p[at + 9 + dataLength]), data: p.bytes(at + 9, dataLength)))
            at += 10 + dataLength
        }
        return batch
    }

    /// Subevent 0x0D: 24 + data_len bytes per report (formats.md §4.2).
    static func extendedReports(_ p: [UInt8]) -> ReportBatch {
        var batch = ReportBatch()
        var at = 2
        let total = Int(p.u8(1))
        for index in 0..<total {
            let dataLength = Int(p.u8(at + 23))
            guard at + 24 + dataLength <= p.count,
                let address = BluetoothAddress(littleEndianBytes: p[(at + 3)..<(at + 9)]),
                let direct = BluetoothAddress(littleEndianBytes: p[(at + 16)..<(at + 22)])
            else {
                batch.stop("LE Extended Advertising Report", at: 2 + at, index: index, of: total)
                break
            }
            let eventType = p.u16(at, bigEndian: false)
            batch.reports.append(
                LEAdvertisingReport(
                    kind: .extended, eventType: eventType & 0x7F, addressType: p[at + 2], address: address,
                    rssi: LEAdvertisingReport.rssi(p[at + 13]), data: p.bytes(at + 24, dataLength),
                    txPower: LEAdvertisingReport.rssi(p[at + 12]), primaryPHY: p[at + 9], secondaryPHY: p[at + 10],
                    advertisingSID: p[at + 11], dataStatus: UInt8((eventType >> 5) & 0x03),
                    directAddress: eventType & 0x04 != 0 ? direct : nil))
            at += 24 + dataLength
        }
        return batch
    }

    /// Subevent 0x0B: 16 bytes per report, no AD data (formats.md §4.3).
    static func directedReports(_ p: [UInt8]) -> ReportBatch {
        var batch = ReportBatch()
        var at = 2
        let total = Int(p.u8(1))
        for index in 0..<total {
            guard at + 16 <= p.count, let address = BluetoothAddress(littleEndianBytes: p[(at + 2)..<(at + 8)]),
                let direct = BluetoothAddress(littleEndianBytes: p[(at + 9)..<(at + 15)])
            else {
                batch.stop("LE Directed Advertising Report", at: 2 + at, index: index, of: total)
                break
            }
            batch.reports.append(
                LEAdvertisingReport(
                    kind: .directed, eventType: UInt16(p[at]), addressType: p[at + 1], address: address,
                    rssi: LEAdvertisingReport.rssi(p[at + 15]), data: [], directAddress: direct))
            at += 16
        }
        return batch
    }
}
