// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import ScenarioFormat
import Testing

/// Waypoints built in code (not through the loader's range checks) with absurd times: the walk
/// saturates at the end of time instead of trapping (issue 15: Trajectory.swift:48 and :70).
@Suite("Trajectory arithmetic")
struct TrajectoryOverflowTests {
    static let start = WaypointSpec(position: Point2D(x: 0, y: 0))

    @Test("an arrival at Int64.max followed by a walk")
    func arrivalAtTheEndOfTime() {
        let trajectory = Trajectory(waypoints: [
            Self.start, WaypointSpec(position: Point2D(x: 1, y: 0), at: .max),
            WaypointSpec(position: Point2D(x: 2, y: 0), speed: 1),
        ])
        #expect(trajectory.legs.allSatisfy { $0.start <= $0.end })
        #expect(trajectory.state(at: 1_000).position.x < 1)
    }

    @Test("dwells whose sum overflows")
    func dwellSum() {
        let trajectory = Trajectory(waypoints: [
            WaypointSpec(position: Point2D(x: 0, y: 0), dwell: .max),
            WaypointSpec(position: Point2D(x: 1, y: 0), dwell: .max),
        ])
        #expect(trajectory.legs.last?.start == .max)
    }

    @Test("a speed that makes the leg longer than Int64 nanoseconds", arguments: [1e-300, 1e-12, .leastNonzeroMagnitude])
    func tinySpeed(speed: Double) {
        let trajectory = Trajectory(waypoints: [Self.start, WaypointSpec(position: Point2D(x: 5, y: 0), speed: speed)])
        #expect(trajectory.legs.first?.end == .max)
        #expect(trajectory.state(at: 1_000_000_000).position.x < 1e-6)
    }

    @Test("a huge speed arrives at once")
    func hugeSpeed() {
        let trajectory = Trajectory(waypoints: [Self.start, WaypointSpec(position: Point2D(x: 5, y: 0), speed: 1e300)])
        #expect(trajectory.state(at: 1).position.x == 5)
    }
}
