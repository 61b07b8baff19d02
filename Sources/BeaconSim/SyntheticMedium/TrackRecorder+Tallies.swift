// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel

extension TrackRecorder {
    /// Every phone's tallies of the current sample, in one flat table (phone-major, `stride`
    /// beacons per phone), so an advertising event costs one entry; and per phone how many beacons
    /// it heard in the sample (a phone that heard none is not scanned).
    ///
    /// It also keeps what the recorder reads for every event: per phone the sample being filled,
    /// and the instant past which a packet lets the next sample be handed on.
    ///
    /// Declared in the kernel's room so that its fields go without dynamic exclusivity checks: the
    /// recorder holds it by `let` and adds to it for every event a phone receives (as a stored
    /// `var` of the recorder, each event paid a run-time check). No access can overlap another:
    /// each method reads and writes its own fields and calls nothing that could reach them.
    final class Tallies {
        /// One beacon's packets in the current sample, for one phone.
        struct Tally {
            var packets: Int32 = 0
            var sum: Int32 = 0
            var max: Int32 = .min
        }

        @exclusivity(unchecked) private var stride: Int
        @exclusivity(unchecked) private var values: FlatArray<Tally>
        @exclusivity(unchecked) private var heardCounts: FlatArray<Int>
        /// Per phone, the sample being filled (`TrackRecorder`: sample k ends at k·interval).
        @exclusivity(unchecked) private var filling: FlatArray<Int64>
        /// A packet later than this (ns) lets the next sample be handed on (`TrackRecorder.handOn`).
        @exclusivity(unchecked) var handOnAfter: Int64

        init(phones: Int, beacons: Int, handOnAfter: Int64) {
            stride = Swift.max(beacons, 1)
            values = FlatArray(repeating: Tally(), count: phones * stride)
            heardCounts = FlatArray(repeating: 0, count: phones)
            filling = FlatArray(repeating: 0, count: phones)
            self.handOnAfter = handOnAfter
        }

        /// The sample phone `phone` is filling.
        func sample(of phone: Int) -> Int64 { filling[phone] }

        /// Phone `phone` now fills `sample`.
        func setSample(of phone: Int, to sample: Int64) { filling[phone] = sample }

        /// Counts one advertising event's packets of beacon `source` heard by `phone`.
        func add(phone: Int, source: Int, packets: EventPackets) {
            if source >= stride { widen(to: source + 1) }
            let index = phone * stride + source
            var tally = values[index]
            if tally.packets == 0 { heardCounts[phone] += 1 }
            tally.packets += Int32(packets.count)
            tally.sum += Int32(truncatingIfNeeded: packets.rssiSum)
            tally.max = Swift.max(tally.max, Int32(truncatingIfNeeded: packets.strongestRSSI))
            values[index] = tally
        }

        /// Room for sources up to `count` (a source beyond the world's beacons; not expected).
        private func widen(to count: Int) {
            var wider = Array(repeating: Tally(), count: heardCounts.count * count)
            for phone in heardCounts.indices {
                for source in 0..<stride { wider[phone * count + source] = values[phone * stride + source] }
            }
            values = FlatArray(wider)
            stride = count
        }

        /// Phone `phone`'s tallies of the sample, in beacon order, into `heard`; then cleared.
        func take(phone: Int, into heard: inout [Heard]) {
            heard.removeAll(keepingCapacity: true)
            guard heardCounts[phone] > 0 else { return }
            heardCounts[phone] = 0
            let start = phone * stride
            for beacon in 0..<stride where values[start + beacon].packets > 0 {
                let tally = values[start + beacon]
                heard.append(
                    Heard(
                        beacon: beacon, packets: Int(tally.packets), meanRSSI: Double(tally.sum) / Double(tally.packets),
                        maxRSSI: Int(tally.max)))
                values[start + beacon] = Tally()
            }
        }
    }
}
