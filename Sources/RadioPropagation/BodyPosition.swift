// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a moving bystander stands at an instant: plan position and floor.
public struct BodyPosition: Sendable {
    public var point: PlanPoint
    public var floor: Int

    public init(point: PlanPoint, floor: Int) {
        self.point = point
        self.floor = floor
    }
}
