// SPDX-License-Identifier: GPL-3.0-or-later

/// The LE extended advertising commands (Bluetooth 5; Core spec Vol 4 Part E §7.8.53–61): one
/// advertising set per handle, each with its own interval and data, enabled together.
extension HCICommand {
    public static let leSetExtendedAdvertisingParametersOpcode: UInt16 = 0x2036
    public static let leSetExtendedAdvertisingDataOpcode: UInt16 = 0x2037
    public static let leSetExtendedAdvertisingEnableOpcode: UInt16 = 0x2039
    public static let leReadNumberOfSupportedAdvertisingSetsOpcode: UInt16 = 0x203B
    public static let leClearAdvertisingSetsOpcode: UInt16 = 0x203D

    /// Advertising_Event_Properties (§7.8.53): bit 0 connectable, 1 scannable, 2 directed,
    /// 3 high-duty directed, 4 legacy PDUs, 5 anonymous, 6 include TX power.
    public enum ExtendedEventProperties {
        /// Legacy ADV_NONCONN_IND: what phones scanning for iBeacons hear.
        public static let legacyNonconnectable: UInt16 = 0x0010
        /// Legacy ADV_IND (connectable, scannable).
        public static let legacyConnectable: UInt16 = 0x0013
    }

    /// LE Set Extended Advertising Parameters (v1, 25 parameter bytes). Intervals are 24-bit, in
    /// 0.625 ms units (0x000020–0xFFFFFF); `txPower` 0x7F = no preference; PHYs 1 = LE 1M.
    public static func leSetExtendedAdvertisingParameters(
        handle: UInt8, properties: UInt16, intervalMin: UInt32, intervalMax: UInt32, channelMap: UInt8 = 0x07,
        ownAddressType: UInt8 = 0, filterPolicy: UInt8 = 0, txPower: Int8 = 0x7F, primaryPHY: UInt8 = 1,
        secondaryPHY: UInt8 = 1, sid: UInt8 = 0
    ) -> HCICommand {
        var p: [UInt8] = [handle]
        p.appendLE16(properties)
        p += littleEndian24(intervalMin) + littleEndian24(intervalMax)
        p += [channelMap, ownAddressType, 0] + [UInt8](repeating: 0, count: 6)  // peer address type, address
        p += [filterPolicy, UInt8(bitPattern: txPower), primaryPHY, 0, secondaryPHY, sid & 0x0F, 0]
        return HCICommand(opcode: leSetExtendedAdvertisingParametersOpcode, parameters: p)
    }

    /// LE Set Extended Advertising Data: the whole data in one command (operation 0x03 "complete",
    /// fragment preference 0x01 "do not fragment"); at most 251 bytes fit one command.
    public static func leSetExtendedAdvertisingData(handle: UInt8, data: [UInt8]) -> HCICommand {
        let data = Array(data.prefix(251))
        return HCICommand(
            opcode: leSetExtendedAdvertisingDataOpcode, parameters: [handle, 0x03, 0x01, UInt8(data.count)] + data)
    }

    /// LE Set Extended Advertising Enable for `handles` (no time or event limit); disabling with no
    /// handles disables every set.
    public static func leSetExtendedAdvertisingEnable(_ enable: Bool, handles: [UInt8]) -> HCICommand {
        var p: [UInt8] = [enable ? 1 : 0, UInt8(handles.count)]
        for handle in handles { p += [handle, 0, 0, 0] }  // duration 0 (no limit), no event limit
        return HCICommand(opcode: leSetExtendedAdvertisingEnableOpcode, parameters: p)
    }

    /// LE Read Number of Supported Advertising Sets; the reply's parameter after the status is the count.
    public static func leReadNumberOfSupportedAdvertisingSets() -> HCICommand {
        HCICommand(opcode: leReadNumberOfSupportedAdvertisingSetsOpcode)
    }

    /// LE Clear Advertising Sets: removes every set.
    public static func leClearAdvertisingSets() -> HCICommand { HCICommand(opcode: leClearAdvertisingSetsOpcode) }

    private static func littleEndian24(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF)]
    }
}
