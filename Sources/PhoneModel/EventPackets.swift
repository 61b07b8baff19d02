// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// The packets of one advertising event that one phone received, in time order: at most one per
/// advertising channel, so at most three, kept inline (handing them over allocates and counts no
/// references). Each is its reported RSSI, dBm, and its arrival time.
public struct EventPackets: RandomAccessCollection, Sendable {
    public typealias Packet = (rssi: Int, time: SimTime)
    private var packets: (Packet, Packet, Packet) = ((0, .zero), (0, .zero), (0, .zero))
    public private(set) var count = 0

    public init() {}

    /// One packet.
    public init(rssi: Int, time: SimTime) { append(rssi: rssi, time: time) }

    /// Adds the event's next packet (at most three; a fourth is a programming error).
    public mutating func append(rssi: Int, time: SimTime) {
        switch count {
        case 0: packets.0 = (rssi, time)
        case 1: packets.1 = (rssi, time)
        case 2: packets.2 = (rssi, time)
        default: preconditionFailure("an advertising event has at most three packets")
        }
        count += 1
    }

    /// The sum of the packets' RSSIs (dBm; wrapping, as a sum of three RSSIs never does).
    public var rssiSum: Int {
        switch count {
        case 0: 0
        case 1: packets.0.rssi
        case 2: packets.0.rssi &+ packets.1.rssi
        default: packets.0.rssi &+ packets.1.rssi &+ packets.2.rssi
        }
    }

    /// The strongest packet's RSSI (dBm), `Int.min` without packets.
    public var strongestRSSI: Int {
        switch count {
        case 0: .min
        case 1: packets.0.rssi
        case 2: Swift.max(packets.0.rssi, packets.1.rssi)
        default: Swift.max(packets.0.rssi, packets.1.rssi, packets.2.rssi)
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Packet {
        precondition(position >= 0 && position < count, "packet index out of range")
        switch position {
        case 0: return packets.0
        case 1: return packets.1
        default: return packets.2
        }
    }
}
