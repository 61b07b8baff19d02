// SPDX-License-Identifier: GPL-3.0-or-later

/// A legacy advertising-channel PDU: 2-byte header, AdvA (6 bytes, little-endian), AdvData
/// (Core spec Vol 6 Part B §2.3; formats.md §5).
///
/// Header byte 0: PDU type bits 0–3, ChSel bit 5, TxAdd bit 6 (1 = random AdvA), RxAdd bit 7.
/// Header byte 1: payload length (AdvA + data).
public struct AdvertisingPDU: Hashable, Sendable {
    /// The raw 4-bit PDU type (values 8–15 occur only in corrupted packets).
    public let rawType: UInt8
    public let channelSelection: Bool
    /// True when AdvA is a random address.
    public let txAdd: Bool
    public let rxAdd: Bool
    /// The advertiser's address (for SCAN_REQ / CONNECT_IND this is ScanA / InitA).
    public let address: BluetoothAddress
    /// The payload after the 6 address bytes (AdvData for ADV_IND, ADV_NONCONN_IND, ADV_SCAN_IND, SCAN_RSP).
    public let payload: [UInt8]

    /// The access address of every primary advertising-channel packet.
    public static let advertisingAccessAddress: UInt32 = 0x8E89_BED6

    public init(
        type: AdvertisingPDUType, address: BluetoothAddress, randomAddress: Bool, payload: [UInt8],
        channelSelection: Bool = false, rxAdd: Bool = false
    ) {
        self.rawType = type.rawValue
        self.channelSelection = channelSelection
        self.txAdd = randomAddress
        self.rxAdd = rxAdd
        self.address = address
        self.payload = payload
    }

    /// Decodes header and payload (without access address and CRC). Nil when fewer than 8 bytes, the
    /// length byte is below 6, or it claims more bytes than `bytes` holds; extra trailing bytes are ignored.
    public init?(bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        guard bytes.count >= 8 else { return nil }
        let length = Int(bytes[1])
        guard length >= 6, 2 + length <= bytes.count,
            let address = BluetoothAddress(littleEndianBytes: bytes[2..<8])
        else { return nil }
        rawType = bytes[0] & 0x0F
        channelSelection = bytes[0] & 0x20 != 0
        txAdd = bytes[0] & 0x40 != 0
        rxAdd = bytes[0] & 0x80 != 0
        self.address = address
        payload = Array(bytes[8..<(2 + length)])
    }

    /// The PDU type, or nil for the impossible values 8–15.
    public var type: AdvertisingPDUType? { AdvertisingPDUType(rawValue: rawType) }

    /// Header byte 0.
    public var headerByte: UInt8 {
        rawType | (channelSelection ? 0x20 : 0) | (txAdd ? 0x40 : 0) | (rxAdd ? 0x80 : 0)
    }

    /// Header and payload: `<header> <length> <AdvA LE> <payload>`. The length byte saturates at 255.
    public var bytes: [UInt8] {
        [headerByte, UInt8(clamping: 6 + payload.count)] + address.littleEndianBytes + payload
    }

    /// The CRC-24 over `bytes` with the advertising-channel init.
    public var crc: UInt32 { LinkLayerCRC.compute(bytes) }

    /// The packet as a LINKTYPE_BLUETOOTH_LE_LL (251) record: access address (LE), PDU, CRC (LE).
    public var airPacket: [UInt8] {
        let aa = Self.advertisingAccessAddress
        return [UInt8(aa & 0xFF), UInt8(aa >> 8 & 0xFF), UInt8(aa >> 16 & 0xFF), UInt8(aa >> 24)] + bytes
            + LinkLayerCRC.bytes(crc)
    }

    /// The payload read as advertising data (meaningful for ADV_IND, ADV_NONCONN_IND, ADV_SCAN_IND, SCAN_RSP).
    public var advertisingData: AdvertisingData { AdvertisingData(bytes: payload) }
}
