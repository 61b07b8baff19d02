// SPDX-License-Identifier: GPL-3.0-or-later

/// Eddystone-TLM telemetry (google/eddystone `eddystone-tlm`; formats.md §6.3).
///
/// Version 0 carries plain fields (all big-endian); version 1 is encrypted and kept as raw bytes.
public struct EddystoneTLMFrame: Hashable, Sendable {
    /// Frame-type byte (high nibble 2).
    public static let frameType: UInt8 = 0x20
    /// TLM version: 0 plain, 1 encrypted.
    public let version: UInt8
    /// Battery voltage in millivolts (0 = not supported); version 0 only.
    public let batteryMillivolts: UInt16?
    /// Raw temperature, signed 8.8 fixed point in °C (0x8000 = not supported); version 0 only.
    public let temperatureRaw: UInt16?
    /// Advertising PDUs sent since power-up or reboot; version 0 only.
    public let advertisingCount: UInt32?
    /// Time since power-up or reboot in units of 0.1 s; version 0 only.
    public let uptimeDeciseconds: UInt32?
    /// The bytes after the version byte for versions other than 0.
    public let encryptedData: [UInt8]

    /// Decodes the bytes after the frame-type byte; nil when a version-0 frame is shorter than 13 bytes.
    public init?(frameData data: [UInt8]) {
        guard let version = data.first else { return nil }
        self.version = version
        if version == 0 {
            guard data.count >= 13 else { return nil }
            func be16(_ at: Int) -> UInt16 { UInt16(data[at]) << 8 | UInt16(data[at + 1]) }
            func be32(_ at: Int) -> UInt32 { UInt32(be16(at)) << 16 | UInt32(be16(at + 2)) }
            batteryMillivolts = be16(1)
            temperatureRaw = be16(3)
            advertisingCount = be32(5)
            uptimeDeciseconds = be32(9)
            encryptedData = []
        } else {
            batteryMillivolts = nil
            temperatureRaw = nil
            advertisingCount = nil
            uptimeDeciseconds = nil
            encryptedData = Array(data.dropFirst())
        }
    }

    /// Temperature in °C, or nil when absent or 0x8000 (not supported).
    public var temperatureCelsius: Double? {
        guard let raw = temperatureRaw, raw != 0x8000 else { return nil }
        return Double(Int16(bitPattern: raw)) / 256
    }
}
