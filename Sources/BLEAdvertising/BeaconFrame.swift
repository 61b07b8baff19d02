// SPDX-License-Identifier: GPL-3.0-or-later

/// A decoded beacon payload. Anything else stays a raw `ADStructure`.
public enum BeaconFrame: Hashable, Sendable {
    case ibeacon(IBeaconFrame)
    case eddystoneUID(EddystoneUIDFrame)
    case eddystoneURL(EddystoneURLFrame)
    case eddystoneTLM(EddystoneTLMFrame)
    case eddystoneEID(EddystoneEIDFrame)
    case altBeacon(AltBeaconFrame)

    /// Decodes one AD structure, or nil when it is not a beacon frame this module knows.
    ///
    /// iBeacon and AltBeacon match on Manufacturer Specific Data; Eddystone on Service Data 0xFEAA.
    /// No Flags structure and no particular PDU type are required (formats.md §7).
    public init?(structure: ADStructure) {
        switch structure.type {
        case ADStructure.manufacturerSpecificDataType:
            if let frame = IBeaconFrame(manufacturerData: structure.data) {
                self = .ibeacon(frame)
            } else if let frame = AltBeaconFrame(manufacturerData: structure.data) {
                self = .altBeacon(frame)
            } else {
                return nil
            }
        case ADStructure.serviceData16Type:
            guard let frame = Self.eddystone(serviceData: structure.data) else { return nil }
            self = frame
        default:
            return nil
        }
    }

    /// Decodes Eddystone service data (`AA FE <frame type> …`); unknown frame types (such as 0x40,
    /// seen in the wild) give nil, never an error (formats.md §6.3, §7).
    public static func eddystone(serviceData data: [UInt8]) -> BeaconFrame? {
        guard data.count >= 3, data[0] == 0xAA, data[1] == 0xFE else { return nil }
        let frame = Array(data[3...])
        switch data[2] {
        case EddystoneUIDFrame.frameType: return EddystoneUIDFrame(frameData: frame).map(BeaconFrame.eddystoneUID)
        case EddystoneURLFrame.frameType: return EddystoneURLFrame(frameData: frame).map(BeaconFrame.eddystoneURL)
        case EddystoneTLMFrame.frameType: return EddystoneTLMFrame(frameData: frame).map(BeaconFrame.eddystoneTLM)
        case EddystoneEIDFrame.frameType: return EddystoneEIDFrame(frameData: frame).map(BeaconFrame.eddystoneEID)
        default: return nil
        }
    }

    /// The frame's type.
    public var kind: BeaconFrameKind {
        switch self {
        case .ibeacon: .ibeacon
        case .eddystoneUID: .eddystoneUID
        case .eddystoneURL: .eddystoneURL
        case .eddystoneTLM: .eddystoneTLM
        case .eddystoneEID: .eddystoneEID
        case .altBeacon: .altBeacon
        }
    }

    /// The short type name used in reports and JSON (`BeaconFrameKind`'s raw value).
    public var typeName: String { kind.rawValue }
}
