// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import Foundation
internal import PhoneModel

/// Conversions between Foundation's `UUID` (the app's side) and the model's `BeaconUUID`.
enum _UUIDBridging {
    static func beaconUUID(_ uuid: UUID) -> BeaconUUID {
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        let high = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let low = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return BeaconUUID(high: high, low: low)
    }

    static func uuid(_ uuid: BeaconUUID) -> UUID {
        let b = uuid.bytes
        return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }

    /// The model's definition of an app's region.
    static func definition(_ region: BeaconRegion) -> RegionDefinition {
        RegionDefinition(
            identifier: region.identifier, uuid: beaconUUID(region.uuid), major: region.major, minor: region.minor,
            notifyOnEntry: region.notifyOnEntry, notifyOnExit: region.notifyOnExit,
            notifyEntryStateOnDisplay: region.notifyEntryStateOnDisplay)
    }

    /// The app's view of a region the OS registered before the app ran (the scenario's regions).
    static func region(_ definition: RegionDefinition) -> BeaconRegion {
        let region = BeaconRegion(
            beaconIdentityConstraint: BeaconIdentityConstraint(
                uuid: uuid(definition.uuid), major: definition.major, minor: definition.minor),
            identifier: definition.identifier)
        region.notifyOnEntry = definition.notifyOnEntry
        region.notifyOnExit = definition.notifyOnExit
        region.notifyEntryStateOnDisplay = definition.notifyEntryStateOnDisplay
        return region
    }

    static func beacon(_ ranged: RangedBeacon, at seconds: Double) -> Beacon {
        Beacon(
            uuid: uuid(ranged.identity.uuid), major: ranged.identity.major, minor: ranged.identity.minor,
            proximity: ranged.proximity, accuracy: ranged.accuracy, rssi: ranged.rssi, timestamp: seconds)
    }
}
