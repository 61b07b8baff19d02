// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The mall-1h workload as a naive tight loop (../shared/bench/mall-1h.md): no event queue, every
/// wall tested for every packet, one second of simulated time at a time. It is the yardstick
/// `make bench` measures BeaconSim against, side by side in one run.
///
/// Within one second each beacon's packets are generated in time order; the ranging callback at
/// the end of the second averages each beacon's received RSSI. Region logic needs only, per
/// region, the first and last received packet of the second (packets of one second are less
/// than 30 s apart, so only the gap to the previous second's last packet can be an exit).
struct NaiveLoop {
    struct Outcome {
        var packets = 0
        var received = 0
        var enters = 0
        var exits = 0
        var rangingEntries = 0
        var checksum: UInt64 = 0
    }

    /// One beacon's advertising state: its stream, the time of its next packet and which of the
    /// event's three packets that is.
    private struct Advertiser {
        var random: SplitMix64
        var next: Double
        var packet = 0
    }

    let floor = MallFloor()

    func run(duration: Int, seed: UInt64) -> Outcome {
        let end = Double(duration)
        var outcome = Outcome()
        var advertisers = floor.beacons.indices.map { index in
            var random = SplitMix64(seed: seed, beacon: index)
            let first = 0.1 * random.uniform()
            return Advertiser(random: random, next: first)
        }
        var sums = [Double](repeating: 0, count: floor.beacons.count)
        var counts = [Int](repeating: 0, count: floor.beacons.count)
        var inside = [Bool](repeating: false, count: 5)
        var last = [Double](repeating: 0, count: 5)
        var first = [Double](repeating: .infinity, count: 5)
        var latest = [Double](repeating: -.infinity, count: 5)
        for second in 0..<duration {
            let stop = min(Double(second + 1), end)
            for index in advertisers.indices {
                let beacon = floor.beacons[index]
                while advertisers[index].next < stop {
                    let t = advertisers[index].next
                    let rssi = self.rssi(beacon, at: t, z: advertisers[index].random.gauss())
                    outcome.packets += 1
                    if rssi >= -95 {
                        outcome.received += 1
                        sums[index] += rssi
                        counts[index] += 1
                        first[beacon.region] = min(first[beacon.region], t)
                        latest[beacon.region] = max(latest[beacon.region], t)
                    }
                    if advertisers[index].packet < 2 {
                        advertisers[index].packet += 1
                        advertisers[index].next = t + 0.0004
                    } else {
                        advertisers[index].packet = 0
                        advertisers[index].next = t + ((0.100 + 0.010 * advertisers[index].random.uniform()) - 0.0008)
                    }
                }
            }
            for region in 1...4 where latest[region] > -.infinity {
                if !inside[region] {
                    inside[region] = true
                    outcome.enters += 1
                } else if first[region] - last[region] > 30 {
                    outcome.exits += 1
                    outcome.enters += 1
                }
                last[region] = latest[region]
                first[region] = .infinity
                latest[region] = -.infinity
            }
            for index in sums.indices where counts[index] > 0 {
                let mean = sums[index] / Double(counts[index])
                let rounded = UInt64(bitPattern: Int64((100 * mean + 0.5).rounded(.down)))
                outcome.checksum &+= UInt64(second + 1) &* UInt64(index + 1) &* rounded
                outcome.rangingEntries += 1
                sums[index] = 0
                counts[index] = 0
            }
        }
        for region in 1...4 where inside[region] && last[region] + 30 < end { outcome.exits += 1 }
        return outcome
    }

    /// The spec's link budget for one packet of `beacon` at `t` with shadowing draw `z`, dBm.
    private func rssi(_ beacon: MallFloor.Beacon, at t: Double, z: Double) -> Double {
        let walker = MallFloor.walker(at: t)
        let dx = beacon.x - walker.x, dy = beacon.y - walker.y
        let distance = (dx * dx + dy * dy).squareRoot()
        var rssi = -59 - 10 * 2.2 * log10(max(distance, 0.1))
        rssi -= floor.wallLoss(px: beacon.x, py: beacon.y, qx: walker.x, qy: walker.y)
        if dx * walker.direction < 0 { rssi -= 6 }
        return rssi + 4 * z
    }
}
