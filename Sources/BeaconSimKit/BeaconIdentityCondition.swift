// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation

/// `CLMonitor.BeaconIdentityCondition`: the beacons a `SimulatedMonitor` condition matches — a
/// UUID with an optional major and, with a major, an optional minor (wildcards as for regions).
/// It has no notify flags of any kind (Apple BeaconIdentityCondition doc, H).
public struct BeaconIdentityCondition: Hashable, Sendable, CustomStringConvertible {
    public var uuid: UUID
    public var major: UInt16?
    public var minor: UInt16?

    public init(uuid: UUID) { self.init(uuid: uuid, major: nil, minor: nil) }

    public init(uuid: UUID, major: UInt16) { self.init(uuid: uuid, major: major, minor: nil) }

    public init(uuid: UUID, major: UInt16, minor: UInt16) { self.init(uuid: uuid, major: major, minor: Optional(minor)) }

    init(uuid: UUID, major: UInt16?, minor: UInt16?) {
        self.uuid = uuid
        self.major = major
        self.minor = major == nil ? nil : minor
    }

    /// The same beacons as a ranging constraint (`startRangingBeacons(satisfying:)` on the location
    /// manager: CLMonitor has no ranging).
    public var beaconIdentityConstraint: BeaconIdentityConstraint {
        BeaconIdentityConstraint(uuid: uuid, major: major, minor: minor)
    }

    public var description: String {
        [uuid.uuidString, major.map { "\($0)" }, minor.map { "\($0)" }].compactMap { $0 }.joined(separator: "/")
    }
}
