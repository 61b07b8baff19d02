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

    /// A simulated beacon's plain (version 0) TLM sent at its `event`-th advertising event (from 0),
    /// `time` ns after t = 0, taken as its power-up: ADV_CNT = 3 · `event` (the PDUs of the events
    /// before, three each, wrapping as the 32-bit counter does), SEC_CNT = `time` in 0.1 s, VBATT
    /// `batteryMillivolts` (3000 mV unless the scenario gives the beacon's battery an age: its
    /// discharge curve then, `BeaconBatteryEstimate.tlmMillivolts`). Temperature "not supported"
    /// (0x8000) stands for what BeaconSim does not model (google/eddystone `eddystone-tlm/tlm-plain.md`).
    public init(event: UInt32, at time: Int64, batteryMillivolts: UInt16 = 3000) {
        version = 0
        self.batteryMillivolts = batteryMillivolts
        temperatureRaw = 0x8000
        advertisingCount = 3 &* event
        uptimeDeciseconds = UInt32(truncatingIfNeeded: max(0, time) / 100_000_000)
        encryptedData = []
    }

    /// The Service Data structure of a version-0 frame: `11 16 AA FE 20 00 <VBATT> <TEMP> <ADV_CNT>
    /// <SEC_CNT>` (all big-endian; length 0x11 as the specification requires); for other versions
    /// `<len> 16 AA FE 20 <version> <encrypted data>`.
    public var serviceDataStructure: ADStructure {
        var data: [UInt8] = [0xAA, 0xFE, Self.frameType, version]
        guard version == 0 else { return ADStructure(type: ADStructure.serviceData16Type, data: data + encryptedData) }
        func append16(_ value: UInt16) { data += [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func append32(_ value: UInt32) {
            append16(UInt16(value >> 16))
            append16(UInt16(value & 0xFFFF))
        }
        append16(batteryMillivolts ?? 0)
        append16(temperatureRaw ?? 0x8000)
        append32(advertisingCount ?? 0)
        append32(uptimeDeciseconds ?? 0)
        return ADStructure(type: ADStructure.serviceData16Type, data: data)
    }

    /// Temperature in °C, or nil when absent or 0x8000 (not supported).
    public var temperatureCelsius: Double? {
        guard let raw = temperatureRaw, raw != 0x8000 else { return nil }
        return Double(Int16(bitPattern: raw)) / 256
    }
}
