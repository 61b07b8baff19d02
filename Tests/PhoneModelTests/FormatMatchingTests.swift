// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
@testable import PhoneModel
import SimulationCore
import Stochastics
import Testing

private typealias F = Fixtures

/// Regions matched by beacon format: AltBeacons by id1/id2/id3 as UUID/major/minor, Eddystone-UID
/// by namespace (and instance), never across formats; which formats a phone's monitor sees.
@Suite("Matching other beacon formats")
struct FormatMatchingTests {
    static let uid = EddystoneUID(namespaceHex: "EDD1EBEAC04E5DEFA017", instanceHex: "0BDB87539B67")!
    static let otherInstance = EddystoneUID(namespaceHex: "EDD1EBEAC04E5DEFA017", instanceHex: "000000000001")!
    static let alt = AltBeaconIdentity(id1: F.uuid, id2: 1, id3: 7)

    static func eddystoneRegion(_ name: String, instance: Bool) -> RegionDefinition {
        var region = RegionDefinition(identifier: name, uuid: BeaconUUID(high: 0, low: 0))
        region.eddystone = EddystoneRegionIdentity(uid: uid, matchesInstance: instance)
        return region
    }

    static func entered(_ monitor: inout RegionMonitor, by frame: AdvertisedFrame) -> [String] {
        monitor.observe(frame, packets: EventPackets(rssi: -70, time: F.s(101)), mode: .foreground)
        return monitor.effects(until: F.s(102), mode: .foreground).compactMap { _, effect in
            if case .transition(let region, .inside, _, _) = effect { return region.identifier }
            return nil
        }
    }

    static func ablMonitor(_ regions: [RegionDefinition]) -> RegionMonitor {
        var monitor = RegionMonitor(profile: .androidABL, random: RandomStream(seed: 1, replication: 0, label: "t"))
        for region in regions { _ = monitor.startMonitoring(region, at: .zero) }
        _ = monitor.effects(until: F.s(100), mode: .foreground)  // initial states: outside
        return monitor
    }

    @Test("an AltBeacon matches the UUID regions whose fields are its id1, id2, id3")
    func altBeaconByIdentifiers() {
        var monitor = Self.ablMonitor([
            RegionDefinition(identifier: "uuid", uuid: F.uuid), RegionDefinition(identifier: "major", uuid: F.uuid, major: 1),
            RegionDefinition(identifier: "wrongMinor", uuid: F.uuid, major: 1, minor: 8),
            Self.eddystoneRegion("eddystone", instance: false),
        ])
        let frame = AdvertisedFrame.altBeacon(Self.alt, referenceRSSI: -59, manufacturerID: 0x0118)
        #expect({ Self.entered(&monitor, by: frame) == ["uuid", "major"] }())
    }

    @Test("an Eddystone-UID matches its namespace, and its instance when the region names one")
    func eddystoneByNamespace() {
        var monitor = Self.ablMonitor([
            Self.eddystoneRegion("namespace", instance: false), Self.eddystoneRegion("instance", instance: true),
            RegionDefinition(identifier: "uuid", uuid: F.uuid),
        ])
        #expect({ Self.entered(&monitor, by: .eddystoneUID(Self.otherInstance, txPower: -18)) == ["namespace"] }())
        var exact = Self.ablMonitor([Self.eddystoneRegion("instance", instance: true)])
        #expect({ Self.entered(&exact, by: .eddystoneUID(Self.uid, txPower: -18)) == ["instance"] }())
    }

    @Test("an iBeacon never matches an Eddystone region; URL and TLM frames match nothing")
    func noCrossFormatMatches() throws {
        var monitor = Self.ablMonitor([Self.eddystoneRegion("namespace", instance: false)])
        let ibeacon = IBeaconFrame(identity: F.beaconA, measuredPower: -59)
        #expect({ Self.entered(&monitor, by: .ibeacon(ibeacon)).isEmpty }())
        var any = Self.ablMonitor([
            RegionDefinition(identifier: "uuid", uuid: F.uuid), Self.eddystoneRegion("ns", instance: false),
        ])
        let url = try #require(EddystoneURLFrame(txPower: 0, url: "https://example.com"))
        #expect({ Self.entered(&any, by: .eddystoneURL(url)).isEmpty }())
        #expect({ Self.entered(&any, by: .eddystoneTLM(advertisingEvent: 3)).isEmpty }())
        #expect(!Self.eddystoneRegion("ns", instance: false).matches(F.beaconA))
    }

    @Test("an iBeacon still matches its UUID regions through the frame path")
    func iBeaconThroughFramePath() {
        var monitor = Self.ablMonitor([RegionDefinition(identifier: "uuid", uuid: F.uuid, major: 1)])
        #expect({ Self.entered(&monitor, by: .ibeacon(IBeaconFrame(identity: F.beaconA, measuredPower: -59))) == ["uuid"] }())
    }

    @Test("CoreLocation sees iBeacon only; an ABL app the layouts it registers")
    func visibility() {
        let ibeacon = AdvertisedFrame.ibeacon(IBeaconFrame(identity: F.beaconA, measuredPower: -59))
        let alt = AdvertisedFrame.altBeacon(Self.alt, referenceRSSI: -59, manufacturerID: 0)
        let uid = AdvertisedFrame.eddystoneUID(Self.uid, txPower: 0)
        #expect(FrameVisibility.coreLocation.sees(ibeacon))
        #expect(!FrameVisibility.coreLocation.sees(alt) && !FrameVisibility.coreLocation.sees(uid))
        let layouts: FrameVisibility = [.altBeacon, .eddystoneUID]
        #expect(layouts.sees(alt) && layouts.sees(uid) && !layouts.sees(ibeacon))
        #expect(!FrameVisibility([.altBeacon, .ibeacon, .eddystoneUID]).sees(.eddystoneTLM(advertisingEvent: 0)))
    }
}

/// The CoreBluetooth scanner and the app's presence rule (`CoreBluetoothPresence`).
@Suite("CoreBluetooth scanning")
struct CoreBluetoothPresenceTests {
    static let uid = AdvertisedFrame.eddystoneUID(FormatMatchingTests.uid, txPower: -18)
    static let tlm = AdvertisedFrame.eddystoneTLM(advertisingEvent: 9)
    static let alt = AdvertisedFrame.altBeacon(FormatMatchingTests.alt, referenceRSSI: -59, manufacturerID: 0x0118)
    static let ibeacon = AdvertisedFrame.ibeacon(IBeaconFrame(identity: F.beaconA, measuredPower: -59))

    static func presence(background: Bool = true, duplicates: Bool = true) -> CoreBluetoothPresence {
        CoreBluetoothPresence(
            settings: .init(
                backgroundMode: background, allowDuplicates: duplicates, exitAfter: .seconds(10),
                backgroundInterval: .seconds(60)),
            regions: [
                FormatMatchingTests.eddystoneRegion("gallery", instance: false),
                RegionDefinition(identifier: "dock", uuid: F.uuid, major: 1),
            ])
    }

    @Test("iBeacon is never delivered, in any state")
    func iBeaconInvisible() {
        var scan = Self.presence()
        for state in [AppState.foreground, .background, .suspended] {
            #expect({ !scan.discover(Self.ibeacon, source: 0, at: F.s(1), state: state) }())
        }
    }

    @Test("foreground: every advertisement of any other format with duplicates allowed")
    func foregroundDuplicates() {
        var scan = Self.presence()
        #expect({ scan.discover(Self.uid, source: 0, at: F.s(1), state: .foreground) }())
        #expect({ scan.discover(Self.uid, source: 0, at: F.s(1.1), state: .foreground) }())
        #expect({ scan.discover(Self.alt, source: 1, at: F.s(1.2), state: .foreground) }())
    }

    @Test("foreground without duplicates: one discovery per beacon per scan")
    func foregroundNoDuplicates() {
        var scan = Self.presence(duplicates: false)
        #expect({ scan.discover(Self.uid, source: 0, at: F.s(1), state: .foreground) }())
        #expect({ !scan.discover(Self.uid, source: 0, at: F.s(5), state: .foreground) }())
        scan.scanStarted(at: F.s(6))
        #expect({ scan.discover(Self.uid, source: 0, at: F.s(7), state: .foreground) }())
    }

    @Test("background: only service-UUID frames, with the mode, at most once per interval")
    func backgroundThrottled() {
        var scan = Self.presence()
        #expect({ !scan.discover(Self.alt, source: 1, at: F.s(1), state: .suspended) }())  // no service UUID
        #expect({ scan.discover(Self.uid, source: 0, at: F.s(1), state: .suspended) }())
        #expect({ !scan.discover(Self.tlm, source: 0, at: F.s(30), state: .background) }())
        #expect({ scan.discover(Self.tlm, source: 0, at: F.s(61), state: .suspended) }())
        var none = Self.presence(background: false)
        #expect({ !none.discover(Self.uid, source: 0, at: F.s(1), state: .background) }())
        #expect({ !none.discover(Self.uid, source: 0, at: F.s(1), state: .notRunning) }())
    }

    @Test("presence: entered at the first match, left exitAfter after the last one while running")
    func presenceRule() {
        var scan = Self.presence()
        #expect(
            {
                scan.delivered(Self.uid, source: 0, first: F.s(1), last: F.s(1.0008)) == [
                    .entered(region: "gallery", firstPacket: F.s(1))
                ]
            }())
        #expect({ scan.delivered(Self.uid, source: 0, first: F.s(5), last: F.s(5)).isEmpty }())
        #expect({ scan.nextDeadline == F.s(15) }())
        #expect({ scan.advance(to: F.s(15), running: false).isEmpty }())  // suspended: the app's rule does not run
        #expect({ scan.advance(to: F.s(15), running: true) == [.exited(region: "gallery", lastPacket: F.s(5))] }())
        #expect({ scan.nextDeadline == nil }())
    }

    @Test("an overdue exit is taken when the app next runs, before the discovery that woke it")
    func deferredExit() {
        var scan = Self.presence()
        _ = scan.delivered(Self.uid, source: 0, first: F.s(1), last: F.s(1))
        let effects = scan.delivered(Self.uid, source: 0, first: F.s(61), last: F.s(61))
        #expect(
            effects == [.exited(region: "gallery", lastPacket: F.s(1)), .entered(region: "gallery", firstPacket: F.s(61))])
    }

    @Test("frames without the identity count once their beacon was seen with it")
    func framesAssociatedByBeacon() {
        var scan = Self.presence()
        #expect({ scan.delivered(Self.tlm, source: 0, first: F.s(1), last: F.s(1)).isEmpty }())  // unknown beacon
        _ = scan.delivered(Self.uid, source: 0, first: F.s(2), last: F.s(2))
        _ = scan.delivered(Self.tlm, source: 0, first: F.s(9), last: F.s(9))
        #expect({ scan.nextDeadline == F.s(19) }())
        #expect({ scan.delivered(Self.tlm, source: 3, first: F.s(10), last: F.s(10)).isEmpty }())  // another beacon
        #expect({ scan.nextDeadline == F.s(19) }())
    }

    @Test("an AltBeacon enters the UUID region of its identifiers")
    func altBeaconPresence() {
        var scan = Self.presence()
        #expect(
            {
                scan.delivered(Self.alt, source: 1, first: F.s(1), last: F.s(1)) == [
                    .entered(region: "dock", firstPacket: F.s(1))
                ]
            }())
    }
}
