// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising

/// What identifies a beacon in a summary. Eddystone-TLM carries telemetry, not an identity, so TLM
/// frames are grouped by the advertiser's address.
public enum BeaconKey: Hashable, Sendable, Comparable {
    case ibeacon(IBeaconIdentity)
    case eddystoneUID(namespace: String, instance: String)
    case eddystoneURL(String)
    case eddystoneTLM(BluetoothAddress)
    case eddystoneEID(String)
    case altBeacon(manufacturerID: UInt16, beaconID: String)

    /// The key of a decoded frame sent by `address`.
    public init(frame: BeaconFrame, address: BluetoothAddress) {
        switch frame {
        case .ibeacon(let f): self = .ibeacon(f.identity)
        case .eddystoneUID(let f): self = .eddystoneUID(namespace: f.namespaceHex, instance: f.instanceHex)
        case .eddystoneURL(let f): self = .eddystoneURL(f.url)
        case .eddystoneTLM: self = .eddystoneTLM(address)
        case .eddystoneEID(let f): self = .eddystoneEID(f.eidHex)
        case .altBeacon(let f):
            self = .altBeacon(
                manufacturerID: f.manufacturerID,
                beaconID: f.beaconID.map { _HexText.digits(UInt64($0), width: 2) }.joined())
        }
    }

    /// The frame type the key identifies.
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

    /// `ibeacon`, `eddystone-uid`, `eddystone-url`, `eddystone-tlm`, `eddystone-eid` or `altbeacon`.
    public var typeName: String { kind.rawValue }

    private var rank: Int {
        switch self {
        case .ibeacon: 0
        case .eddystoneUID: 1
        case .eddystoneURL: 2
        case .eddystoneTLM: 3
        case .eddystoneEID: 4
        case .altBeacon: 5
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.ibeacon(let a), .ibeacon(let b)): a < b
        case (.eddystoneUID(let a, let b), .eddystoneUID(let c, let d)): (a, b) < (c, d)
        case (.eddystoneURL(let a), .eddystoneURL(let b)): a < b
        case (.eddystoneTLM(let a), .eddystoneTLM(let b)): a < b
        case (.eddystoneEID(let a), .eddystoneEID(let b)): a < b
        case (.altBeacon(let a, let b), .altBeacon(let c, let d)): (a, b) < (c, d)
        default: lhs.rank < rhs.rank
        }
    }
}
