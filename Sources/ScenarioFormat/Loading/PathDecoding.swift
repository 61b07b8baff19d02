// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// A phone's `path:` (timed waypoints), `actions:` and `randomActions:`.
enum _PathDecoding {
    /// The waypoints, or nil when the path is not a non-empty list.
    ///
    /// Arrival times are followed along the walk (explicit `at`, or distance / speed), so that an
    /// explicit `at` earlier than the previous departure is reported. `at` may exceed the run.
    static func path(_ node: Node, context: _DecodingContext) -> [WaypointSpec]? {
        guard let items = context.list(node, for: "path") else { return nil }
        guard !items.isEmpty else {
            context.error("'path' must have at least one waypoint", at: node)
            return nil
        }
        var waypoints: [WaypointSpec] = []
        /// Where and when (ns, as Double) the phone leaves the previous waypoint, when known.
        var previous: (position: Point2D, departure: Double)?
        for (index, item) in items.enumerated() {
            guard let map = _MappingReader(item, for: "path", table: _SchemaKeys.waypoint, context: context) else {
                previous = nil
                continue
            }
            var position: Point2D?
            if let positionNode = map["position"], let point = context.point(positionNode, for: "position") {
                context.checkInsideVenue(point, at: positionNode, for: "position")
                position = point
            }
            var at = map.duration("at")
            let speed = self.speed(map, isFirst: index == 0, context: context)
            let dwell = map.duration("dwell") ?? 0
            if index == 0, map["at"] == nil { at = 0 }

            var arrival: Double?
            if let at {
                arrival = Double(at)
                if let previous, let position, let atNode = map["at"] {
                    let samePlace = previous.position == position
                    if Double(at) < previous.departure || (!samePlace && Double(at) <= previous.departure) {
                        context.error(
                            "'at' \(at.durationText) is too early: the phone leaves the previous waypoint at "
                                + "\(previous.departure.clampedNanoseconds.durationText)"
                                + (samePlace ? "" : " and needs time to walk here"), at: atNode)
                    }
                }
            } else if let previous, let position {
                let distance =
                    ((position.x - previous.position.x) * (position.x - previous.position.x)
                    + (position.y - previous.position.y) * (position.y - previous.position.y)).squareRoot()
                arrival = previous.departure + distance / (speed ?? WaypointSpec.defaultSpeed) * 1e9
            }
            if let position, let arrival { previous = (position, arrival + Double(dwell)) } else { previous = nil }
            if let departure = previous?.departure, departure > Double(ScenarioLimits.maximumSpan) {
                context.error(
                    "the walk leaves this waypoint after \(ScenarioLimits.maximumSpan.durationText), "
                        + "the longest simulated span; walk faster or dwell less", at: item)
                return nil
            }
            if let position {
                var waypoint = WaypointSpec(position: position, at: at, speed: speed, dwell: dwell, location: map.location)
                waypoint.floor = map.floor()
                waypoints.append(waypoint)
            }
        }
        return waypoints
    }

    /// `speed` in m/s, > 0, and only where there is a previous waypoint and no `at`.
    private static func speed(_ map: _MappingReader, isFirst: Bool, context: _DecodingContext) -> Double? {
        guard let speedNode = map["speed"], let speedKey = map.keyNode("speed") else { return nil }
        if map["at"] != nil {
            context.error("'at' and 'speed' are mutually exclusive; give one", at: speedKey)
        } else if isFirst {
            context.error("the first waypoint has no previous one to walk from; remove 'speed'", at: speedKey)
        }
        guard let speed = context.number(speedNode, for: "speed") else { return nil }
        guard speed > 0 else {
            context.error("'speed' must be > 0 m/s, found \(speed.plainText)", at: speedNode)
            return nil
        }
        return speed
    }

    /// `{ at, action, value }`; `value` only (and always) with `permission`.
    static func action(_ node: Node, context: _DecodingContext) -> ActionSpec? {
        guard let map = _MappingReader(node, for: "actions", table: _SchemaKeys.action, context: context) else {
            return nil
        }
        let at = map.duration("at")
        if let at, let atNode = map["at"] { context.checkWithinRun(at, at: atNode, for: "at") }
        let action = map.choice("action", as: UserAction.self)
        var value: String?
        if action == .permission {
            if map["value"] == nil {
                context.error("action 'permission' needs 'value' (always, whenInUse or denied)", at: map.node)
            }
            value = map.choice("value", as: LocationPermission.self)?.rawValue
        } else if action != nil, let valueKey = map.keyNode("value") {
            context.error("'value' is only used with action 'permission'", at: valueKey)
        }
        guard let at, let action else { return nil }
        return ActionSpec(at: at, action: action, value: value, location: map.location)
    }

    /// `{ action, meanInterval }`, a Poisson process of user actions.
    static func randomAction(_ node: Node, context: _DecodingContext) -> RandomActionSpec? {
        guard let map = _MappingReader(node, for: "randomActions", table: _SchemaKeys.randomAction, context: context)
        else { return nil }
        let action = map.choice("action", as: UserAction.self)
        if action == .permission, let actionNode = map["action"] {
            context.error("'permission' needs a value and cannot be a random action", at: actionNode)
        }
        let meanInterval = map.duration("meanInterval", in: 1...ScenarioLimits.maximumSpan)
        guard let action, let meanInterval else { return nil }
        return RandomActionSpec(action: action, meanInterval: meanInterval, location: map.location)
    }
}

extension Double {
    /// The value as whole nanoseconds, clamped to `Int64` (NaN and +∞ give `.max`), never trapping.
    public var clampedNanoseconds: Int64 {
        guard self < 9.2e18 else { return .max }
        return self > -9.2e18 ? Int64(self) : .min
    }
}
