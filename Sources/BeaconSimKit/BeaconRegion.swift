// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation

/// `CLBeaconRegion`: a monitored region of beacons sharing a UUID (and optionally major, minor).
///
/// Equality and hashing go by `identifier`, as the OS replaces a region registered again under
/// the same identifier. Defaults as Apple's: `notifyOnEntry` and `notifyOnExit` true,
/// `notifyEntryStateOnDisplay` false.
public final class BeaconRegion: Hashable, CustomStringConvertible {
    public let identifier: String
    public let beaconIdentityConstraint: BeaconIdentityConstraint
    public var notifyOnEntry = true
    public var notifyOnExit = true
    public var notifyEntryStateOnDisplay = false

    public var uuid: UUID { beaconIdentityConstraint.uuid }
    public var major: UInt16? { beaconIdentityConstraint.major }
    public var minor: UInt16? { beaconIdentityConstraint.minor }

    public init(beaconIdentityConstraint: BeaconIdentityConstraint, identifier: String) {
        self.beaconIdentityConstraint = beaconIdentityConstraint
        self.identifier = identifier
    }

    public convenience init(uuid: UUID, identifier: String) {
        self.init(beaconIdentityConstraint: BeaconIdentityConstraint(uuid: uuid), identifier: identifier)
    }

    public convenience init(uuid: UUID, major: UInt16, identifier: String) {
        self.init(beaconIdentityConstraint: BeaconIdentityConstraint(uuid: uuid, major: major), identifier: identifier)
    }

    public convenience init(uuid: UUID, major: UInt16, minor: UInt16, identifier: String) {
        self.init(
            beaconIdentityConstraint: BeaconIdentityConstraint(uuid: uuid, major: major, minor: minor),
            identifier: identifier)
    }

    public static func == (lhs: BeaconRegion, rhs: BeaconRegion) -> Bool { lhs.identifier == rhs.identifier }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    public var description: String { "BeaconRegion(\(identifier))" }
}
