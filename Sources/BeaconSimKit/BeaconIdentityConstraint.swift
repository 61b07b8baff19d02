// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation

/// `CLBeaconIdentityConstraint`: the beacons a ranging request or region matches — a UUID with
/// an optional major and, with a major, an optional minor.
public struct BeaconIdentityConstraint: Hashable, Sendable {
    public var uuid: UUID
    public var major: UInt16?
    public var minor: UInt16?

    public init(uuid: UUID) { self.init(uuid: uuid, major: nil, minor: nil) }

    public init(uuid: UUID, major: UInt16) { self.init(uuid: uuid, major: major, minor: nil) }

    public init(uuid: UUID, major: UInt16?, minor: UInt16?) {
        self.uuid = uuid
        self.major = major
        self.minor = major == nil ? nil : minor
    }
}
