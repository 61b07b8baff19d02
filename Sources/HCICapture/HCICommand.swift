// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising

/// An HCI command: opcode (OGF << 10 | OCF) and parameters (formats.md §3; Core spec Vol 4 Part E §7).
///
/// Intervals and windows are in the controller's units of 0.625 ms.
public struct HCICommand: Hashable, Sendable {
    public let opcode: UInt16
    public let parameters: [UInt8]

    public init(opcode: UInt16, parameters: [UInt8] = []) {
        self.opcode = opcode
        self.parameters = parameters
    }

    public static let resetOpcode: UInt16 = 0x0C03
    public static let leSetAdvertisingParametersOpcode: UInt16 = 0x2006
    public static let leSetAdvertisingDataOpcode: UInt16 = 0x2008
    public static let leSetScanResponseDataOpcode: UInt16 = 0x2009
    public static let leSetAdvertisingEnableOpcode: UInt16 = 0x200A
    public static let leSetScanParametersOpcode: UInt16 = 0x200B
    public static let leSetScanEnableOpcode: UInt16 = 0x200C

    /// The command packet: opcode (LE), parameter length, parameters. Parameters beyond 255 bytes are cut.
    public var packet: HCIPacket {
        let parameters = Array(parameters.prefix(255))
        var bytes: [UInt8] = []
        bytes.appendLE16(opcode)
        bytes.append(UInt8(parameters.count))
        return HCIPacket(type: .command, bytes: bytes + parameters)
    }

    /// Reset: `01 03 0C 00`.
    public static func reset() -> HCICommand { HCICommand(opcode: resetOpcode) }

    /// LE Set Scan Parameters. Defaults: passive scan, interval = window = 0x0010 (10 ms), public own
    /// address, accept all (formats.md §3 example `01 0B 20 07 00 10 00 10 00 00 00`).
    public static func leSetScanParameters(
        active: Bool = false, interval: UInt16 = 0x0010, window: UInt16 = 0x0010, ownAddressType: UInt8 = 0,
        filterPolicy: UInt8 = 0
    ) -> HCICommand {
        var p: [UInt8] = [active ? 1 : 0]
        p.appendLE16(interval)
        p.appendLE16(window)
        p += [ownAddressType, filterPolicy]
        return HCICommand(opcode: leSetScanParametersOpcode, parameters: p)
    }

    /// LE Set Scan Enable: `01 0C 20 02 <enable> <filter duplicates>`.
    public static func leSetScanEnable(_ enable: Bool, filterDuplicates: Bool = false) -> HCICommand {
        HCICommand(opcode: leSetScanEnableOpcode, parameters: [enable ? 1 : 0, filterDuplicates ? 1 : 0])
    }

    /// LE Set Advertising Parameters (15 parameter bytes). `advertisingType`: 0 ADV_IND, 1 ADV_DIRECT_IND
    /// (high duty), 2 ADV_SCAN_IND, 3 ADV_NONCONN_IND, 4 ADV_DIRECT_IND (low duty). Channel map 0x07 = 37, 38, 39.
    public static func leSetAdvertisingParameters(
        intervalMin: UInt16, intervalMax: UInt16, advertisingType: UInt8 = 3, ownAddressType: UInt8 = 0,
        peerAddressType: UInt8 = 0, peerAddress: BluetoothAddress = BluetoothAddress(value: 0),
        channelMap: UInt8 = 0x07, filterPolicy: UInt8 = 0
    ) -> HCICommand {
        var p: [UInt8] = []
        p.appendLE16(intervalMin)
        p.appendLE16(intervalMax)
        p += [advertisingType, ownAddressType, peerAddressType] + peerAddress.littleEndianBytes
        p += [channelMap, filterPolicy]
        return HCICommand(opcode: leSetAdvertisingParametersOpcode, parameters: p)
    }

    /// LE Set Advertising Data: significant length, then 31 bytes zero-padded (data beyond 31 bytes is cut).
    public static func leSetAdvertisingData(_ data: [UInt8]) -> HCICommand {
        HCICommand(opcode: leSetAdvertisingDataOpcode, parameters: paddedData(data))
    }

    /// LE Set Scan Response Data, laid out like LE Set Advertising Data.
    public static func leSetScanResponseData(_ data: [UInt8]) -> HCICommand {
        HCICommand(opcode: leSetScanResponseDataOpcode, parameters: paddedData(data))
    }

    /// LE Set Advertising Enable: `01 0A 20 01 <enable>`.
    public static func leSetAdvertisingEnable(_ enable: Bool) -> HCICommand {
        HCICommand(opcode: leSetAdvertisingEnableOpcode, parameters: [enable ? 1 : 0])
    }

    private static func paddedData(_ data: [UInt8]) -> [UInt8] {
        let data = Array(data.prefix(31))
        return [UInt8(data.count)] + data + Array(repeating: 0, count: 31 - data.count)
    }
}
