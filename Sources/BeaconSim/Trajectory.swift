// SPDX-License-Identifier: GPL-3.0-or-later
public import RadioPropagation
public import ScenarioFormat

/// A phone's walk as piecewise-linear motion in time, built from timed waypoints.
///
/// Position is a pure function of time; the synthetic medium reads it through a `Cursor`, which
/// answers monotone queries in O(1) amortised.
public struct Trajectory: Sendable {
    /// One leg: from `from` at `start` to `to` at `end` (equal points for a dwell), nanoseconds.
    public struct Leg: Sendable, Hashable {
        public var start: Int64
        public var end: Int64
        public var from: PlanPoint
        public var to: PlanPoint
        /// Unit direction of travel; for a dwell, the direction of the last walk.
        public var heading: PlanPoint
        /// m/s.
        public var speed: Double
        /// Floor at the start and at the end of the leg; a leg between floors (stairs, escalator,
        /// lift) changes floor half-way through.
        public var floor = 0
        public var endFloor = 0
    }

    public let legs: [Leg]

    /// Builds the walk; waypoints were validated by the loader (non-empty, times ordered, the walk
    /// within `ScenarioLimits.maximumSpan`). Times saturate at `Int64.max` rather than trap, so
    /// waypoints built in code with absurd times still give a walk (that never gets there).
    public init(waypoints: [WaypointSpec]) {
        var legs: [Leg] = []
        guard let first = waypoints.first else {
            self.legs = [Leg(start: 0, end: .max, from: .zero, to: .zero, heading: PlanPoint(x: 1, y: 0), speed: 0)]
            return
        }
        var position = PlanPoint(x: first.position.x, y: first.position.y)
        var heading = Self.initialHeading(waypoints)
        var time: Int64 = 0
        var floor = first.floor
        for (index, waypoint) in waypoints.enumerated() {
            let target = PlanPoint(x: waypoint.position.x, y: waypoint.position.y)
            let distance = (target - position).length
            let arrival: Int64
            if let at = waypoint.at {
                arrival = max(at, time)
            } else if index == 0 {
                arrival = 0
            } else {
                let speed = waypoint.speed ?? WaypointSpec.defaultSpeed
                arrival = time.adding((distance / speed * 1e9).rounded().clampedNanoseconds)
            }
            if distance > 0, arrival > time {
                heading = (target - position) * (1 / distance)
                legs.append(
                    Leg(
                        start: time, end: arrival, from: position, to: target, heading: heading,
                        speed: distance / (Double(arrival - time) / 1e9), floor: floor, endFloor: waypoint.floor))
            } else if arrival > time {
                legs.append(
                    Leg(
                        start: time, end: arrival, from: position, to: position, heading: heading, speed: 0,
                        floor: floor, endFloor: waypoint.floor))
            } else if distance > 0 {
                heading = (target - position) * (1 / distance)
            }
            position = target
            time = arrival
            floor = waypoint.floor
            if waypoint.dwell > 0 {
                legs.append(
                    Leg(
                        start: time, end: time.adding(waypoint.dwell), from: position, to: position, heading: heading,
                        speed: 0, floor: floor, endFloor: floor))
                time = time.adding(waypoint.dwell)
            }
        }
        legs.append(
            Leg(
                start: time, end: .max, from: position, to: position, heading: heading, speed: 0, floor: floor,
                endFloor: floor))
        self.legs = legs
    }

    private static func initialHeading(_ waypoints: [WaypointSpec]) -> PlanPoint {
        guard let first = waypoints.first else { return PlanPoint(x: 1, y: 0) }
        for next in waypoints.dropFirst() {
            let delta = PlanPoint(x: next.position.x - first.position.x, y: next.position.y - first.position.y)
            if delta.length > 0 { return delta * (1 / delta.length) }
        }
        return PlanPoint(x: 1, y: 0)
    }

    /// Position, heading and speed at `time` nanoseconds.
    public func state(at time: Int64) -> (position: PlanPoint, heading: PlanPoint, speed: Double, floor: Int) {
        Self.state(of: legs[leg(at: time)], at: time)
    }

    /// The index of the leg holding `time` nanoseconds (the last leg started by then).
    public func leg(at time: Int64) -> Int {
        var low = 0
        var high = legs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if legs[middle].start <= time { low = middle } else { high = middle - 1 }
        }
        return low
    }

    static func state(of leg: Leg, at time: Int64) -> (position: PlanPoint, heading: PlanPoint, speed: Double, floor: Int) {
        let fraction = leg.end > leg.start ? min(1, max(0, Double(time - leg.start) / Double(leg.end - leg.start))) : 1
        let floor = fraction < 0.5 ? leg.floor : leg.endFloor
        guard leg.speed > 0, leg.end > leg.start else { return (leg.to, leg.heading, 0, floor) }
        return (leg.from + (leg.to - leg.from) * fraction, leg.heading, leg.speed, floor)
    }

    /// Where the phone is at an instant: its leg and the fraction of the leg covered.
    public struct Sample: Sendable {
        public var leg: Int
        /// Fraction of the leg covered, in [0, 1] (0 for dwell legs).
        public var fraction: Double
        public var position: PlanPoint
        public var heading: PlanPoint
        /// m/s.
        public var speed: Double
        /// The floor: the leg's start floor for the first half of the leg, its end floor after.
        public var floor: Int
    }
}

extension Int64 {
    /// `self + other`, saturating at the bounds instead of trapping.
    fileprivate func adding(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
