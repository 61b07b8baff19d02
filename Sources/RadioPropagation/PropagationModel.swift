// SPDX-License-Identifier: GPL-3.0-or-later

/// The deterministic part of the link budget, for one venue (rf.md §1):
///
///     mean(dBm) = MP − 10·n·log10(max(d, d_min)) − min(Σ L_wall, cap) − L_body(carry, heading)
///
/// where MP is the beacon's measured power at 1 m. Shadowing, fading, noise and packet errors are
/// added per link by `RadioLink`.
public struct PropagationModel: Sendable {
    public let configuration: RadioConfiguration
    public let walls: WallIndex

    public init(configuration: RadioConfiguration, walls: [WallSegment]) {
        self.configuration = configuration
        self.walls = WallIndex(walls: configuration.wallsEnabled ? walls : [])
    }

    /// Mean received power and whether the path is line of sight (no wall crossed and the
    /// beacon not behind the carrier).
    @inlinable
    public func meanPower(
        measuredPower: Double, beacon: PlanPoint, phone: PlanPoint, heading: PlanPoint, body: BodyLossModel
    ) -> (dBm: Double, lineOfSight: Bool) {
        meanPower(
            measuredPower: measuredPower, beacon: beacon, phone: phone, heading: heading, body: body,
            wallLoss: walls.loss(from: beacon, to: phone))
    }

    /// As above with the summed wall loss already known (from a `WallLossProfile`), dB.
    @inlinable
    public func meanPower(
        measuredPower: Double, beacon: PlanPoint, phone: PlanPoint, heading: PlanPoint, body: BodyLossModel, wallLoss: Double
    ) -> (dBm: Double, lineOfSight: Bool) {
        let toBeacon = beacon - phone
        let distance = max(toBeacon.length, configuration.minimumDistance)
        var power = measuredPower - 10 * configuration.pathLossExponent * _log10(distance)
        power -= min(wallLoss, configuration.wallLossCap)
        let behind = heading.dot(toBeacon) < 0
        if configuration.bodyLossEnabled { power -= body.loss(heading: heading, toBeacon: toBeacon) }
        return (power, wallLoss == 0 && !behind)
    }
}
