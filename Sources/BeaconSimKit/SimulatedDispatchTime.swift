// SPDX-License-Identifier: GPL-3.0-or-later

/// `DispatchTime` on the simulated clock: simulated seconds since the start of the run.
public struct SimulatedDispatchTime: Comparable, Sendable {
    public var seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    /// The current simulated instant of the running app (0 outside the app's code).
    public static func now() -> SimulatedDispatchTime {
        SimulatedDispatchTime(seconds: _CurrentProcess.running?.process?.application.now ?? 0)
    }

    public static func + (lhs: SimulatedDispatchTime, seconds: Double) -> SimulatedDispatchTime {
        SimulatedDispatchTime(seconds: lhs.seconds + seconds)
    }

    public static func < (lhs: SimulatedDispatchTime, rhs: SimulatedDispatchTime) -> Bool { lhs.seconds < rhs.seconds }
}
