// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation
internal import Stochastics

/// The values a `LinkTable` is built from and keeps per beacon, per phone and per link.
extension LinkTable {
    /// One beacon's place, timing and advertising state.
    struct Beacon {
        var position: PlanPoint
        var measuredPower: Double
        var floor = 0
        /// Advertising interval, nanoseconds, and in seconds (for the collision rate).
        var interval: Int64
        var intervalSeconds: Double
        /// advDelay draws: U[0, 10 ms] per advertising event (Core spec; behaviour.md §4).
        var advDelay: CounterStream
        /// Advertising events so far: the block of every link stream the next event draws from.
        var events: UInt64 = 0
        /// The beacon's report share in time (`BeaconSpec.reportShare`; always open at 1): a slot
        /// closed for it drops its packets for every phone.
        var reportGate: ScanGate
    }

    /// What a phone's radio needs of the phone: where it walks, its body, and its receiving
    /// device (`DeviceProfile`).
    struct Phone {
        var trajectory: Trajectory
        var body: BodyLossModel
        /// dB added to every RSSI the phone reports (rf.md §7.3).
        var reportingOffset: Double
        /// The device's sensitivity minus the packet-error curve's, dB.
        var sensitivityShift: Double
        /// The device's scan ceiling in time.
        var scanGate: ScanGate
        /// The most packets of one beacon the device takes per 1 s slot (`DeviceProfile.packetsPerSlot`,
        /// rounded to a whole number, at least 1); nil: no limit.
        var packetLimit: Int? = nil
    }

    /// A packet delivered: its reported RSSI, dBm, and arrival time, ns.
    struct Reception {
        var rssi: Int
        var time: Int64
    }

    /// A phone that received packets of an event: `receptions` up to `end` (exclusive) and from
    /// the previous receiver's end are its.
    struct Receiver {
        var phone: Int
        var end: Int
    }

    /// A link's reception at one advertising event: one answer for every channel (`alike`: the
    /// reported RSSI, or nil when the packets are lost), or an answer drawn per channel.
    enum EventAnswer {
        case alike(Int?)
        case perChannel
    }
}
