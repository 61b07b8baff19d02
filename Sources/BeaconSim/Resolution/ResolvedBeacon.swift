// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising
internal import PhoneModel
public import RadioPropagation
public import ScenarioFormat

/// A beacon as the models see it: the frames it sends (typed identities, powers as the frames
/// carry them) and their rotation over its advertising events, where it is, and its advertising
/// timing.
public struct ResolvedBeacon: Sendable {
    /// The scenario's beacon.
    public let spec: BeaconSpec
    /// Which frame each advertising event carries (`FrameRotation`): iBeacon, AltBeacon,
    /// Eddystone-UID and -URL in that order, with TLM interleaved.
    public let rotation: FrameRotation
    public let position: PlanPoint
    /// The device address the beacon's frames are captured with: one for all its frames, as the
    /// Eddystone-TLM specification asks, derived from its first frame's identity.
    public let address: BluetoothAddress
    /// The advertised iBeacon frame, nil when the beacon sends none; its measured power is the
    /// spec's, rounded to whole dBm.
    public var frame: IBeaconFrame? {
        guard case .ibeacon(let frame) = rotation.frames[0] else { return nil }
        return frame
    }
    /// Whether every advertising event carries the same iBeacon frame (the beacons of scenarios
    /// written before other formats existed): the world's path for these is unchanged.
    public var sendsOnlyIBeacon: Bool { rotation.isSingleFrame && frame != nil }
    /// Calibrated RSSI at 1 m, dBm, unrounded: the link budget's anchor.
    public var measuredPower: Double { spec.measuredPower }
    /// Advertising interval, nanoseconds.
    public var interval: Int64 { spec.interval }
    public var floor: Int { spec.floor }
    /// Whether the beacon is powered at t = 0 (its schedule does not switch it off at 0).
    public var startsOn: Bool { !(spec.schedule.first.map { $0.at == 0 && !$0.on } ?? false) }

    init(spec: BeaconSpec, rotation: FrameRotation) {
        self.spec = spec
        self.rotation = rotation
        position = PlanPoint(spec.position)
        address = Self.address(of: rotation.frames[0])
    }

    /// Whether any of the beacon's frames belongs to `region`.
    func matches(_ region: RegionDefinition) -> Bool { rotation.frames.contains { region.matches($0) } }

    /// A random static address (two top bits set) from a frame's identity bits: stable across runs
    /// (for an iBeacon, `PhoneHCIRecorder.address(of:)`).
    static func address(of frame: AdvertisedFrame) -> BluetoothAddress {
        switch frame {
        case .ibeacon(let beacon): PhoneHCIRecorder.address(of: beacon.identity)
        case .altBeacon(let identity, _, _):
            PhoneHCIRecorder.address(words: [
                identity.id1.high, identity.id1.low, UInt64(identity.id2) << 16 | UInt64(identity.id3),
            ])
        case .eddystoneUID(let identity, _): PhoneHCIRecorder.address(words: [identity.high, identity.low, 0xEDD1])
        case .eddystoneURL(let url): PhoneHCIRecorder.address(words: url.encodedURL.map(UInt64.init) + [UInt64(url.scheme)])
        case .eddystoneTLM: PhoneHCIRecorder.address(words: [0])
        }
    }
}
