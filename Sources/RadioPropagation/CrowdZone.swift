// SPDX-License-Identifier: GPL-3.0-or-later

/// An area where bystanders stand or walk, as a density of people per square metre.
///
/// Typical densities: 0.1 /m² a quiet shop, 0.5 /m² a busy one, 1–2 /m² a queue (crowd-safety
/// practice, L). Bodies inside the first Fresnel zone of a link attenuate it (`CrowdLoss`).
public struct CrowdZone: Sendable {
    public var area: PlanPolygon
    /// People per square metre.
    public var density: Double
    public var floor: Int

    public init(area: PlanPolygon, density: Double, floor: Int = 0) {
        self.area = area
        self.density = density
        self.floor = floor
    }
}
