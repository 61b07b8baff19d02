// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import SimulationCore

/// Sees one phone's radio from the inside: its scan pattern and every packet it receives.
///
/// The hook behind `beaconsim run --capture` (`PhoneHCIRecorder`) and the run's track
/// (`PhoneTrack`); a phone without observers behaves exactly the same.
protocol PhoneRadioObserver: AnyObject {
    /// Called whenever the scan pattern may have changed (after each event that touches the phone),
    /// nil when the radio is off; the observer keeps the previous pattern and ignores repeats.
    func scanPatternMayHaveChanged(_ pattern: ScanPattern?, at time: SimTime)
    /// A packet received inside a scan window from the world's beacon `source`, sent from
    /// `address`, with its RSSI in dBm.
    func received(_ frame: AdvertisedFrame, from address: BluetoothAddress, source: Int, rssi: Int, at time: SimTime)
    /// The packets of one advertising event, in time order: the same as `received` for each.
    func received(_ frame: AdvertisedFrame, from address: BluetoothAddress, source: Int, packets: EventPackets)
    /// The weakest RSSI (dBm) of a packet this observer needs: an advertising event whose
    /// packets are all weaker is not handed to it. Fixed for the observer's life; `Int.min` (the
    /// default): every packet.
    var packetFloor: Int { get }
}

extension PhoneRadioObserver {
    var packetFloor: Int { .min }

    func received(_ frame: AdvertisedFrame, from address: BluetoothAddress, source: Int, packets: EventPackets) {
        for (rssi, time) in packets { received(frame, from: address, source: source, rssi: rssi, at: time) }
    }
}
