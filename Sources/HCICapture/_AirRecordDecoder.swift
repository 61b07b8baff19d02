// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising

/// Decodes link-layer records (linktypes 251, 256, 272) into observations (formats.md §2.2, §2.3, §5).
enum _AirRecordDecoder {
    enum Outcome {
        /// Not on the advertising access address, or too short to hold AA + header + CRC.
        case notAdvertising
        /// On the advertising access address but not an advertiser's PDU with a complete AdvA
        /// (SCAN_REQ, CONNECT_IND, impossible types, bad length byte).
        case unparsedAdvertisingChannel(crcValid: Bool)
        case observation(AdvertisingObservation)
    }

    static func decode(_ record: CaptureRecord) -> Outcome {
        let data = record.data
        var packet: ArraySlice<UInt8>
        var channel: UInt8? = nil
        var rssi: Int8? = nil
        switch record.linkType {
        case .leLL:
            packet = data[...]
        case .leLLWithPhdr:
            guard data.count >= 10 else { return .notAdvertising }
            let flags = data.u16(8, bigEndian: false)
            channel = channelIndex(rfChannel: data[0])
            if flags & 0x0002 != 0 { rssi = Int8(bitPattern: data[1]) }
            packet = data[10...]
            // Coded PHY inserts a coding-indicator byte after the access address.
            if flags & 0xC000 == 0x8000, packet.count > 4 { packet = packet.prefix(4) + packet.dropFirst(5) }
        case .nordicBLE:
            // board(1) len(2 or 1+1) proto(1) counter(2) id(1) hdrlen(1) flags(1) channel(1) rssi(1) evt(2) time(4)
            guard data.count >= 17, data[7] >= 10, data.count >= 7 + Int(data[7]) else { return .notAdvertising }
            channel = data[9]
            rssi = Int8(clamping: -Int(data[10]))
            packet = data[(7 + Int(data[7]))...]
        default:
            return .notAdvertising
        }
        let bytes = Array(packet)
        guard bytes.count >= 4 + 2 + 3, bytes.u32(0, bigEndian: false) == AdvertisingPDU.advertisingAccessAddress else {
            return .notAdvertising
        }
        let pduBytes = Array(bytes[4..<(bytes.count - 3)])
        let crc =
            UInt32(bytes[bytes.count - 3]) | UInt32(bytes[bytes.count - 2]) << 8 | UInt32(bytes[bytes.count - 1]) << 16
        let crcValid = LinkLayerCRC.compute(pduBytes) == crc
        guard let pdu = AdvertisingPDU(bytes: pduBytes), let type = pdu.type, type.isSentByAdvertiser else {
            return .unparsedAdvertisingChannel(crcValid: crcValid)
        }
        var address = pdu.address
        var adData = AdvertisingData(bytes: pdu.payload)
        switch type {
        case .advDirectInd:
            adData = AdvertisingData(structures: [])
        case .advExtInd:
            // Common extended header: length|mode, flags (bit 0 = AdvA present), AdvA… (Core Vol 6 Part B §2.3.4).
            guard pduBytes.count >= 10, pduBytes[2] & 0x3F >= 7, pduBytes[3] & 0x01 != 0,
                let advA = BluetoothAddress(littleEndianBytes: pduBytes[4..<10])
            else { return .unparsedAdvertisingChannel(crcValid: crcValid) }
            address = advA
            adData = AdvertisingData(structures: [])
        default:
            break
        }
        return .observation(
            AdvertisingObservation(
                timestamp: record.timestamp, address: address, addressType: pdu.txAdd ? 1 : 0,
                eventType: UInt16(pdu.rawType), pduType: type, rssi: rssi, channel: channel, advertisingData: adData,
                sourceKind: .airPDU, crcValid: crcValid, reportKind: nil))
    }

    /// BLE channel index from the RF channel number (0–39, 2402 + 2k MHz): RF 0 → 37, 12 → 38, 39 → 39,
    /// the rest are data channels 0–36 (Core spec Vol 6 Part B §1.4.1).
    static func channelIndex(rfChannel: UInt8) -> UInt8? {
        switch rfChannel {
        case 0: 37
        case 12: 38
        case 39: 39
        case 1...11: rfChannel - 1
        case 13...38: rfChannel - 2
        default: nil
        }
    }
}
