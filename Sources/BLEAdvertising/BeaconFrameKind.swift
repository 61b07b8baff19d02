// SPDX-License-Identifier: GPL-3.0-or-later

/// The beacon frame types BeaconSim decodes, with the names reports and JSON use.
public enum BeaconFrameKind: String, Sendable, Hashable, CaseIterable {
    case ibeacon = "ibeacon"
    case eddystoneUID = "eddystone-uid"
    case eddystoneURL = "eddystone-url"
    case eddystoneTLM = "eddystone-tlm"
    case eddystoneEID = "eddystone-eid"
    case altBeacon = "altbeacon"
}
