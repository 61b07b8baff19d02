// SPDX-License-Identifier: GPL-3.0-or-later
internal import Reporting
internal import BLEAdvertising
internal import BeaconSim
internal import HCICapture
internal import HCILive
public import ScenarioFormat

/// `beaconsim advertise`: a real controller advertises a scenario's beacons, every format and
/// frame rotation they have, or a capture's iBeacons (see `BeaconAdvertiser` for the rotation
/// through several beacons and frames).
public struct LiveAdvertise {
    /// Beacons to advertise, in order.
    public private(set) var beacons: [(name: String, interval: Int64)]
    var advertised: [AdvertisedBeacon]
    public var connectable = false
    /// One LE extended advertising set per beacon, each at its own interval, instead of one legacy
    /// set whose data rotates (`BeaconAdvertiser.runExtended`).
    public var extended = false

    /// True when `path` starts like a btsnoop, pcap or pcapng file.
    public static func isCapture(path: String) -> Bool { (try? CaptureReader(path: path)) != nil }

    /// The scenario's beacons with their intervals and measured powers; throws `ScenarioError`
    /// when the scenario does not resolve.
    public init(scenario: Scenario) throws {
        let resolved = try ResolvedScenario(scenario).beacons
        advertised = resolved.map { AdvertisedBeacon(rotation: $0.rotation, interval: $0.interval) }
        beacons = resolved.map { ($0.spec.name, $0.interval) }
    }

    /// The capture's distinct iBeacon frames (identity and measured power, first seen first), each
    /// at `interval` nanoseconds. Throws `CaptureError` for a damaged capture.
    public init(capturePath: String, interval: Int64 = 100_000_000) throws {
        let reader = try CaptureReader(path: capturePath)
        var seen = Set<IBeaconFrame>()
        var frames: [IBeaconFrame] = []
        try reader.forEachObservation { observation in
            for case .ibeacon(let frame) in observation.beaconFrames where seen.insert(frame).inserted {
                frames.append(frame)
            }
        }
        advertised = frames.map { AdvertisedBeacon(frame: $0, interval: interval) }
        beacons = frames.map { ("\($0.identity.uuid) \($0.identity.major)/\($0.identity.minor)", interval) }
    }

    /// Advertises over `transport` until `duration` or `stop()`. Returns the slot length in ns.
    /// Throws `HCIError` (bad transport name, connection, timeout, bad status).
    @discardableResult
    public func execute(transport: String, duration: Duration?, timeout: Duration = .seconds(10), stop: () -> Bool)
        throws -> Int64
    {
        let link = try HCITransportName(parsing: transport).open(timeout: timeout)
        defer { link.close() }
        let advertiser = BeaconAdvertiser(beacons: advertised, connectable: connectable)
        let host = HCIHost(transport: link, commandTimeout: timeout)
        if extended {
            try advertiser.runExtended(host: host, duration: duration, stop: stop)
        } else {
            try advertiser.run(host: host, duration: duration, stop: stop)
        }
        return advertiser.slot
    }
}
