// SPDX-License-Identifier: GPL-3.0-or-later

/// The frame one advertising event of a simulated beacon carries, as the world hands it to phones:
/// a small value (the identity and the few bytes the frame's encoding needs), never a byte array
/// on the path of a packet. `advertisingData(at:)` gives the real AdvData bytes on demand (HCI
/// captures, live advertising).
public enum AdvertisedFrame: Hashable, Sendable {
    case ibeacon(IBeaconFrame)
    /// An AltBeacon: identity, reference RSSI at 1 m (dBm) and the manufacturer's company id.
    case altBeacon(AltBeaconIdentity, referenceRSSI: Int8, manufacturerID: UInt16)
    /// An Eddystone-UID: identity and calibrated TX power at 0 m (dBm).
    case eddystoneUID(EddystoneUID, txPower: Int8)
    /// An Eddystone-URL.
    case eddystoneURL(EddystoneURLFrame)
    /// An unencrypted Eddystone-TLM, the `advertisingEvent`-th event (from 0) of its beacon since
    /// t = 0, which gives its counters (`EddystoneTLMFrame.init(event:at:)`).
    case eddystoneTLM(advertisingEvent: UInt32)

    /// The frame's type.
    public var kind: BeaconFrameKind {
        switch self {
        case .ibeacon: .ibeacon
        case .altBeacon: .altBeacon
        case .eddystoneUID: .eddystoneUID
        case .eddystoneURL: .eddystoneURL
        case .eddystoneTLM: .eddystoneTLM
        }
    }

    /// Whether the frame carries the Eddystone service (16-bit UUID 0xFEAA in a complete service
    /// UUID list and in its Service Data): what an iOS app scanning in the background with
    /// CoreBluetooth can filter on (Apple: background scans must name their services).
    public var advertisesService: Bool {
        switch self {
        case .eddystoneUID, .eddystoneURL, .eddystoneTLM: true
        case .ibeacon, .altBeacon: false
        }
    }

    /// The AdvData the beacon sends (at most 31 bytes): Flags `02 01 06` (LE General
    /// Discoverable, BR/EDR not supported), then
    /// - iBeacon: the manufacturer structure (formats.md §6.2);
    /// - AltBeacon: `1B FF <mfg LE16> BE AC <id 20> <ref RSSI> 00` (formats.md §6.4);
    /// - Eddystone: `03 03 AA FE` and the Service Data `<len> 16 AA FE <frame>` (formats.md §6.3).
    /// `time` (ns since t = 0) fills a TLM frame's uptime, `batteryMillivolts` its VBATT.
    public func advertisingData(at time: Int64 = 0, batteryMillivolts: UInt16 = 3000) -> [UInt8] {
        let flags: [UInt8] = [0x02, 0x01, 0x06]
        let eddystoneList: [UInt8] = [0x03, ADStructure.completeServiceUUIDs16Type, 0xAA, 0xFE]
        switch self {
        case .ibeacon(let frame):
            return frame.advertisingData
        case .altBeacon(let identity, let rssi, let manufacturer):
            let frame = AltBeaconFrame(manufacturerID: manufacturer, beaconID: identity.beaconID, referenceRSSI: rssi)
            return flags + (frame?.manufacturerStructure.bytes ?? [])
        case .eddystoneUID(let identity, let txPower):
            let frame = EddystoneUIDFrame(txPower: txPower, namespace: identity.namespace, instance: identity.instance)
            return flags + eddystoneList + (frame?.serviceDataStructure.bytes ?? [])
        case .eddystoneURL(let frame):
            return flags + eddystoneList + frame.serviceDataStructure.bytes
        case .eddystoneTLM(let event):
            return flags + eddystoneList
                + EddystoneTLMFrame(event: event, at: time, batteryMillivolts: batteryMillivolts)
                .serviceDataStructure.bytes
        }
    }
}
