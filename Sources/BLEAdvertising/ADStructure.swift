// SPDX-License-Identifier: GPL-3.0-or-later

/// One AD structure of advertising or scan-response data: `len(1) type(1) data(len − 1)`.
///
/// `len` counts the type byte (Core Specification Supplement Part A §1; formats.md §6.1).
public struct ADStructure: Hashable, Sendable {
    /// The AD type, e.g. 0x01 Flags, 0x16 Service Data (16-bit UUID), 0xFF Manufacturer Specific Data.
    public let type: UInt8
    /// The data after the type byte (at most 254 bytes).
    public let data: [UInt8]

    public init(type: UInt8, data: [UInt8]) {
        self.type = type
        self.data = data
    }

    /// The encoded structure: length byte, type, data. The length byte saturates at 255.
    public var bytes: [UInt8] { [UInt8(clamping: data.count + 1), type] + data }

    /// Flags.
    public static let flagsType: UInt8 = 0x01
    /// Incomplete list of 16-bit service UUIDs.
    public static let incompleteServiceUUIDs16Type: UInt8 = 0x02
    /// Complete list of 16-bit service UUIDs.
    public static let completeServiceUUIDs16Type: UInt8 = 0x03
    /// Shortened local name.
    public static let shortenedLocalNameType: UInt8 = 0x08
    /// Complete local name.
    public static let completeLocalNameType: UInt8 = 0x09
    /// TX power level (int8 dBm).
    public static let txPowerLevelType: UInt8 = 0x0A
    /// Service Data with a 16-bit UUID (UUID little-endian first).
    public static let serviceData16Type: UInt8 = 0x16
    /// Manufacturer Specific Data (company identifier little-endian first).
    public static let manufacturerSpecificDataType: UInt8 = 0xFF
}
