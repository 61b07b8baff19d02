// SPDX-License-Identifier: GPL-3.0-or-later
public import PhoneModel
public import RadioPropagation
public import ScenarioFormat

/// A phone as the models see it: its OS profile with the scenario's overrides applied, typed
/// regions, its walk, body and receiver, which beacons each region matches, and its zone crossings.
/// The same for every replication; what is random is drawn when a `World` is built.
public struct ResolvedPhone: Sendable {
    /// Where a phone's reporting offset (dB added to every RSSI it reports, rf.md §7.3) comes from.
    public enum ReceiverOffsetSource: Sendable, Equatable {
        /// A fixed value: the phone's `receiverOffset`, or its `device`'s.
        case fixed(Double)
        /// N(0, σ) dB from the phone's own stream (`radio.receiverOffsetSigma`).
        case drawn(sigma: Double)
    }

    /// The scenario's phone.
    public let spec: PhoneSpec
    /// The OS profile with the phone's overrides applied.
    public let profile: OSProfile
    /// The app's regions in declaration order.
    public let regions: [RegionDefinition]
    public let trajectory: Trajectory
    /// The carry position's body loss with the scenario's radio overrides.
    public let body: BodyLossModel
    /// The receiving device (`DeviceProfile`: sensitivity and scan ceiling; its reporting offset
    /// is `receiverOffset`'s).
    public let device: DeviceProfile
    public let receiverOffset: ReceiverOffsetSource
    /// Per region (declaration order): indices into `ResolvedScenario.beacons` of the beacons it matches.
    public let regionBeacons: [(region: String, beacons: [Int])]
    /// Ground-truth zone crossings of the walk, in time order.
    public let crossings: [ZoneCrossing]
    /// The beacon formats that reach the phone's region monitor and ranging: iBeacon for
    /// CoreLocation, the app's layouts for an Android Beacon Library app, none for a CoreBluetooth app.
    public var visibility: FrameVisibility = .coreLocation
    /// The app's CoreBluetooth scan and presence rule (`app.coreBluetooth`), nil: it does not scan
    /// with CoreBluetooth.
    public var coreBluetooth: CoreBluetoothPresence.Settings?

    public var name: String { spec.name }
}
