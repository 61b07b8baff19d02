// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising
public import SimulationCore

/// A packet heard by a real radio (a capture or a live controller), to be offered to a phone.
public struct ReplayPacket: Hashable, Sendable {
    /// Simulated time at which the packet arrives.
    public var time: SimTime
    public var frame: IBeaconFrame
    /// Received signal strength, dBm.
    public var rssi: Int
    /// A small stable index of the transmitter (for ranging): e.g. the order in which its
    /// identity was first seen.
    public var source: Int

    public init(time: SimTime, frame: IBeaconFrame, rssi: Int, source: Int) {
        self.time = time
        self.frame = frame
        self.rssi = rssi
        self.source = source
    }
}
