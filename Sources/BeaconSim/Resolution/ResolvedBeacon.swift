// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising
public import RadioPropagation
public import ScenarioFormat

/// A beacon as the models see it: the frame it sends (typed identity, measured power as the
/// frame carries it), where it is, and its advertising timing.
public struct ResolvedBeacon: Sendable {
    /// The scenario's beacon.
    public let spec: BeaconSpec
    /// The advertised iBeacon frame; its measured power is the spec's, rounded to whole dBm.
    public let frame: IBeaconFrame
    public let position: PlanPoint
    /// Calibrated RSSI at 1 m, dBm, unrounded: the link budget's anchor.
    public var measuredPower: Double { spec.measuredPower }
    /// Advertising interval, nanoseconds.
    public var interval: Int64 { spec.interval }
    public var floor: Int { spec.floor }
    /// Whether the beacon is powered at t = 0 (its schedule does not switch it off at 0).
    public var startsOn: Bool { !(spec.schedule.first.map { $0.at == 0 && !$0.on } ?? false) }

    init(spec: BeaconSpec, identity: IBeaconIdentity) {
        self.spec = spec
        frame = IBeaconFrame(identity: identity, measuredPower: Int8(clamping: Int(spec.measuredPower.rounded())))
        position = PlanPoint(spec.position)
    }
}
