// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import ScenarioFormat
import Testing

/// The world tells a dozing phone when it starts and stops moving, derived from its walk
/// (`Trajectory.motionChanges`): legs with speed are motion, dwells and the rest are stillness.
@Suite("Motion from the walk")
struct MotionChangesTests {
    @Test("a dwell, a walk and the rest after the last waypoint give a start and a stop")
    func dwellWalkRest() {
        let trajectory = Trajectory(waypoints: [
            WaypointSpec(position: Point2D(x: 0, y: 0), dwell: 60_000_000_000),
            WaypointSpec(position: Point2D(x: 12, y: 0), speed: 1.2),
        ])
        let motion = trajectory.motionChanges()
        #expect(!motion.initial)
        #expect(motion.changes.map(\.time) == [60_000_000_000, 70_000_000_000])
        #expect(motion.changes.map(\.moving) == [true, false])
    }

    @Test("a walk from t = 0 starts moving; a phone that never moves has no changes")
    func initialMotion() {
        let walking = Trajectory(waypoints: [
            WaypointSpec(position: Point2D(x: 0, y: 0)), WaypointSpec(position: Point2D(x: 6, y: 0), speed: 1.2),
        ])
        #expect(walking.motionChanges().initial)
        #expect(walking.motionChanges().changes.map(\.moving) == [false])
        let still = Trajectory(waypoints: [WaypointSpec(position: Point2D(x: 3, y: 4))])
        #expect(!still.motionChanges().initial)
        #expect(still.motionChanges().changes.isEmpty)
    }
}
