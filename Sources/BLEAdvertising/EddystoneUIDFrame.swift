// SPDX-License-Identifier: GPL-3.0-or-later

/// Eddystone-UID: a 10-byte namespace and a 6-byte instance (google/eddystone `eddystone-uid`; formats.md §6.3).
public struct EddystoneUIDFrame: Hashable, Sendable {
    /// Frame-type byte (high nibble 0).
    public static let frameType: UInt8 = 0x00
    /// Calibrated TX power at 0 m, dBm (measured RSSI at 1 m + 41 dB).
    public let txPower: Int8
    /// The 10 namespace bytes.
    public let namespace: [UInt8]
    /// The 6 instance bytes.
    public let instance: [UInt8]

    /// Nil unless `namespace` has 10 bytes and `instance` 6.
    public init?(txPower: Int8, namespace: [UInt8], instance: [UInt8]) {
        guard namespace.count == 10, instance.count == 6 else { return nil }
        self.txPower = txPower
        self.namespace = namespace
        self.instance = instance
    }

    /// Decodes the bytes after the frame-type byte: tx power, namespace (10), instance (6), RFU (2).
    /// The two RFU bytes may be missing.
    public init?(frameData data: [UInt8]) {
        guard data.count >= 17 else { return nil }
        self.init(txPower: Int8(bitPattern: data[0]), namespace: Array(data[1..<11]), instance: Array(data[11..<17]))
    }

    /// Namespace as 20 upper-case hex digits.
    public var namespaceHex: String { _Hex.string(namespace) }
    /// Instance as 12 upper-case hex digits.
    public var instanceHex: String { _Hex.string(instance) }

    /// The Service Data structure: `17 16 AA FE 00 <tx> <namespace> <instance> 00 00`.
    public var serviceDataStructure: ADStructure {
        ADStructure(
            type: ADStructure.serviceData16Type,
            data: [0xAA, 0xFE, Self.frameType, UInt8(bitPattern: txPower)] + namespace + instance + [0, 0])
    }
}
