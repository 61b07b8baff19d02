// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
@testable import PhoneModel
import SimulationCore
import Stochastics

enum Fixtures {
    static let uuid = BeaconUUID(string: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825")!
    static let other = BeaconUUID(string: "00000000-0000-0000-0000-000000000001")!
    static let beaconA = IBeaconIdentity(uuid: uuid, major: 1, minor: 1)
    static let beaconB = IBeaconIdentity(uuid: uuid, major: 1, minor: 2)
    static let store = RegionDefinition(identifier: "store", uuid: uuid)

    static func monitor(_ adjust: (inout OSProfile) -> Void = { _ in }, seed: UInt64 = 1) -> RegionMonitor {
        var profile = OSProfile.iOS
        adjust(&profile)
        return RegionMonitor(profile: profile, random: RandomStream(seed: seed, replication: 0, label: "test"))
    }

    /// A monitor on the `ios` profile with its hardware filter edited.
    static func monitor(filter edit: (inout HardwareFilter) -> Void) -> RegionMonitor {
        monitor { profile in
            var filter = OSProfile.iOSHardwareFilter
            edit(&filter)
            profile.monitoring = .coreLocation(
                CoreLocationMonitoring(softwareScan: OSProfile.iOSSoftwareScan, hardwareFilter: filter))
        }
    }

    static func s(_ seconds: Double) -> SimTime { .seconds(seconds) }
}

extension RegionMonitor {
    /// Runs deadlines up to `time` and returns the effects with the instant each fired.
    mutating func effects(until time: SimTime, mode: MonitoringMode) -> [(SimTime, RegionEffect)] {
        var collected: [(SimTime, RegionEffect)] = []
        while let due = nextDeadline, due <= time {
            collected += advance(to: due, mode: mode).map { (due, $0) }
        }
        return collected
    }
}
