// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising

/// One report from an LE Meta event: legacy (subevent 0x02), extended (0x0D) or directed (0x0B)
/// (formats.md §4; Core spec Vol 4 Part E §7.7.65).
public struct LEAdvertisingReport: Hashable, Sendable {
    /// Which subevent carried the report.
    public enum Kind: UInt8, Sendable, Hashable {
        case legacy = 0x02
        case directed = 0x0B
        case extended = 0x0D
    }

    public let kind: Kind
    /// Legacy / directed: 0 ADV_IND, 1 ADV_DIRECT_IND, 2 ADV_SCAN_IND, 3 ADV_NONCONN_IND, 4 SCAN_RSP.
    /// Extended: the event_type bits 0–6 (RFU bits 7–15 masked off; Android sets bit 15, formats.md §7).
    public let eventType: UInt16
    /// 0 public, 1 random, 2 public identity, 3 random identity (0xFF anonymous in extended reports).
    public let addressType: UInt8
    public let address: BluetoothAddress
    /// RSSI in dBm; nil when the controller reported 127 (0x7F, not available).
    public let rssi: Int8?
    /// The advertising or scan-response data (empty for directed reports).
    public let data: [UInt8]
    /// Extended only: TX power in dBm, nil when 0x7F.
    public let txPower: Int8?
    /// Extended only: primary PHY (1 = 1M, 3 = Coded), secondary PHY (0 none), advertising SID (0xFF none).
    public let primaryPHY: UInt8?
    public let secondaryPHY: UInt8?
    public let advertisingSID: UInt8?
    /// Extended: data_status (0 complete, 1 more to come, 2 truncated); 0 for legacy and directed.
    public let dataStatus: UInt8
    /// Directed / extended: the direct (target) address, when present and non-zero type.
    public let directAddress: BluetoothAddress?

    public init(
        kind: Kind, eventType: UInt16, addressType: UInt8, address: BluetoothAddress, rssi: Int8?, data: [UInt8],
        txPower: Int8? = nil, primaryPHY: UInt8? = nil, secondaryPHY: UInt8? = nil, advertisingSID: UInt8? = nil,
        dataStatus: UInt8 = 0, directAddress: BluetoothAddress? = nil
    ) {
        self.kind = kind
        self.eventType = eventType
        self.addressType = addressType
        self.address = address
        self.rssi = rssi
        self.data = data
        self.txPower = txPower
        self.primaryPHY = primaryPHY
        self.secondaryPHY = secondaryPHY
        self.advertisingSID = advertisingSID
        self.dataStatus = dataStatus
        self.directAddress = directAddress
    }

    /// The AD structures of `data`.
    public var advertisingData: AdvertisingData { AdvertisingData(bytes: data) }

    /// The legacy PDU behind the report, where the event type says it: legacy event types 0–4, or an
    /// extended event type with the legacy bit (0x13, 0x12, 0x10, 0x15, 0x1B, 0x1A; formats.md §4.2).
    public var legacyPDUType: AdvertisingPDUType? {
        switch kind {
        case .legacy, .directed:
            switch eventType {
            case 0: return .advInd
            case 1: return .advDirectInd
            case 2: return .advScanInd
            case 3: return .advNonconnInd
            case 4: return .scanRsp
            default: return nil
            }
        case .extended:
            switch eventType & 0x1F {
            case 0x13: return .advInd
            case 0x12: return .advScanInd
            case 0x10: return .advNonconnInd
            case 0x15: return .advDirectInd
            case 0x1B, 0x1A: return .scanRsp
            default: return nil
            }
        }
    }

    /// The raw int8 RSSI byte with 127 meaning "not available".
    static func rssi(_ byte: UInt8) -> Int8? { byte == 0x7F ? nil : Int8(bitPattern: byte) }

    /// Encodes a legacy report as a complete LE Meta event with exactly one report (formats.md §4.1):
    /// `3E <plen> 02 01 <event type> <address type> <address LE> <len> <data> <rssi>`. Data beyond 31
    /// bytes is cut; a nil RSSI is written as 127.
    public var legacyEventPacket: HCIPacket {
        let data = Array(data.prefix(31))
        var parameters: [UInt8] = [Kind.legacy.rawValue, 1, UInt8(truncatingIfNeeded: eventType), addressType]
        parameters += address.littleEndianBytes
        parameters.append(UInt8(data.count))
        parameters += data
        parameters.append(rssi.map { UInt8(bitPattern: $0) } ?? 0x7F)
        return HCIPacket(type: .event, bytes: [HCIEvent.leMetaCode, UInt8(parameters.count)] + parameters)
    }
}
