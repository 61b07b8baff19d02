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

    /// The identity as (name, value, whether the value is a number), in report order: `uuid` (upper
    /// case), `major`, `minor`; `namespace`, `instance`; `url`; `address`; `eid`; `manufacturerId`,
    /// `beaconId`.
    public var identity: [(name: String, value: String, isNumber: Bool)] {
        switch self {
        case .ibeacon(let id):
            [("uuid", id.uuid.description, false), ("major", String(id.major), true), ("minor", String(id.minor), true)]
        case .eddystoneUID(let namespace, let instance): [("namespace", namespace, false), ("instance", instance, false)]
        case .eddystoneURL(let url): [("url", url, false)]
        case .eddystoneTLM(let address): [("address", address.description, false)]
        case .eddystoneEID(let eid): [("eid", eid, false)]
        case .altBeacon(let manufacturer, let id): [("manufacturerId", String(manufacturer), true), ("beaconId", id, false)]
        }
    }

    /// The name under which the frame's calibrated power is reported: `measuredPower` (iBeacon),
    /// `txPower` (Eddystone, at 0 m), `referenceRssi` (AltBeacon); nil for TLM.
    public var calibratedPowerName: String? {
        switch self {
        case .ibeacon: "measuredPower"
        case .eddystoneUID, .eddystoneURL, .eddystoneEID: "txPower"
        case .eddystoneTLM: nil
        case .altBeacon: "referenceRssi"
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
