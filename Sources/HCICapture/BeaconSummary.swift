// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising

/// One beacon identity seen in a capture: how often, from which addresses, how strong.
public struct BeaconSummary: Hashable, Sendable {
    public let key: BeaconKey
    /// Reports (HCI) or advertiser's PDUs with a valid CRC (air) carrying this identity.
    public internal(set) var frames = 0
    /// Advertiser addresses, sorted.
    public internal(set) var addresses: [BluetoothAddress] = []
    public internal(set) var rssi = RSSIStatistics()
    /// iBeacon measured power / AltBeacon reference RSSI / Eddystone calibrated TX power (dBm) of
    /// the last frame; nil for TLM.
    public internal(set) var calibratedPower: Int8?

    public init(key: BeaconKey) { self.key = key }

    mutating func add(_ frame: BeaconFrame, from observation: AdvertisingObservation) {
        frames += 1
        if let rssi = observation.rssi { self.rssi.add(rssi) }
        let index = addresses.partitionIndex(observation.address)
        if index == addresses.count || addresses[index] != observation.address {
            addresses.insert(observation.address, at: index)
        }
        switch frame {
        case .ibeacon(let f): calibratedPower = f.measuredPower
        case .altBeacon(let f): calibratedPower = f.referenceRSSI
        case .eddystoneUID(let f): calibratedPower = f.txPower
        case .eddystoneURL(let f): calibratedPower = f.txPower
        case .eddystoneEID(let f): calibratedPower = f.txPower
        case .eddystoneTLM: calibratedPower = nil
        }
    }
}
