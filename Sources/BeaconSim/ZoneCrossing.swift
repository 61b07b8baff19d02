// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// A ground-truth crossing of a zone boundary by a phone, at an exact simulated instant.
public struct ZoneCrossing: Sendable, Hashable, Comparable {
    /// Nanoseconds.
    public var time: Int64
    public var zone: String
    public var entered: Bool
    /// The phone was already inside when the run started.
    public var atStart: Bool

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.time, lhs.zone) < (rhs.time, rhs.zone) }

    /// Every crossing of `zones` by `trajectory` during [0, end] nanoseconds, in time order.
    public static func all(of zones: [ZonePolygon], by trajectory: Trajectory, until end: Int64) -> [ZoneCrossing] {
        var result: [ZoneCrossing] = []
        for zone in zones {
            let first = trajectory.state(at: 0)
            var inside = first.floor == zone.floor && zone.contains(first.position)
            if inside { result.append(ZoneCrossing(time: 0, zone: zone.name, entered: true, atStart: true)) }
            for leg in trajectory.legs where leg.start < end && (leg.speed > 0 || leg.floor != leg.endFloor) {
                let fractions = leg.speed > 0 ? zone.boundaryCrossings(from: leg.from, to: leg.to) : []
                // A leg between floors changes floor half-way.
                var cuts = (leg.floor != leg.endFloor ? fractions + [0.5] : fractions).sorted() + [1]
                cuts.insert(0, at: 0)
                for index in 1..<cuts.count {
                    let middle = (cuts[index - 1] + cuts[index]) / 2
                    let floor = middle < 0.5 ? leg.floor : leg.endFloor
                    let now = floor == zone.floor && zone.contains(leg.from + (leg.to - leg.from) * middle)
                    guard now != inside else { continue }
                    inside = now
                    let time = leg.start + Int64((Double(leg.end - leg.start) * cuts[index - 1]).rounded())
                    if time <= end { result.append(ZoneCrossing(time: time, zone: zone.name, entered: now, atStart: false)) }
                }
            }
        }
        return result.sorted()
    }
}
