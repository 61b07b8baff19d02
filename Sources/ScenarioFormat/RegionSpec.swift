// SPDX-License-Identifier: GPL-3.0-or-later

/// A monitored beacon region, as CoreLocation's `CLBeaconRegion`: UUID with optional major and
/// minor, and the three notify flags with Apple's defaults (behaviour.md §1.5). For apps that see
/// other formats the UUID, major and minor are the Android Beacon Library's id1, id2 and id3
/// (they match AltBeacons too), and an Eddystone-UID region names `namespace` with an optional
/// `instance` instead (then `uuid` is empty).
public struct RegionSpec: Sendable, Equatable {
    /// The region identifier the app chose (unrelated to anything the beacon transmits).
    public var name: String
    public var uuid: String
    public var major: UInt16?
    public var minor: UInt16?
    /// Eddystone-UID namespace, 20 upper-case hex digits; nil for a UUID region.
    public var namespace: String?
    /// Eddystone-UID instance, 12 upper-case hex digits (only with `namespace`).
    public var instance: String?
    public var notifyOnEntry: Bool
    public var notifyOnExit: Bool
    public var notifyEntryStateOnDisplay: Bool
    /// The ground-truth zone this region stands for, for latency metrics; defaults to the zone of
    /// the same name when the venue has one.
    public var zone: String?
    /// For a `clMonitor` app: the state the app asserts when it adds the condition
    /// (`add(_:identifier:assuming:)`); nil: `unknown`.
    public var assuming: AssumedConditionState?
    public var location: SourceLocation

    public init(
        name: String, uuid: String, major: UInt16? = nil, minor: UInt16? = nil, notifyOnEntry: Bool = true,
        notifyOnExit: Bool = true, notifyEntryStateOnDisplay: Bool = false, zone: String? = nil,
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.uuid = uuid
        self.major = major
        self.minor = minor
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
        self.notifyEntryStateOnDisplay = notifyEntryStateOnDisplay
        self.zone = zone
        self.location = location
    }
}

/// The initial state a `CLMonitor` condition is added with (`add(_:identifier:assuming:)`, Apple doc, H).
public enum AssumedConditionState: String, Sendable, Equatable, CaseIterable {
    case satisfied, unsatisfied
}
