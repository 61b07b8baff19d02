// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising
public import SimulationCore

/// An iOS app that scans with CoreBluetooth and decides presence itself, as a pure state machine.
///
/// What the scan delivers (`discover`), platforms-2026.md §1.5:
/// - iBeacon frames never: iOS removes iBeacon advertisements from CoreBluetooth's results, so
///   only CoreLocation sees them (SO 28255475: "If the beacon advertises in iBeacon format too,
///   you cannot see the iBeacon" advertisement, M);
/// - in the foreground every advertisement of every other format with `allowDuplicates`, else
///   one discovery per beacon per scan (a scan starts when the app comes to the foreground);
/// - in the background (running or suspended) only with the `bluetooth-central` background mode,
///   and then only frames with a service UUID the scan can filter on (Eddystone's 0xFEAA; not
///   AltBeacon, which has none): "apps … must explicitly scan for one or more services", duplicates
///   are "coalesced into a single discovery event" and "the scan interval may increase" (Apple,
///   Core Bluetooth Programming Guide, "Core Bluetooth Background Processing", H). How much is not
///   published: at most one discovery per beacon per `backgroundInterval` (the profile's
///   `coreBluetoothBackgroundInterval`, L). Without the mode nothing arrives ("Eddystone works
///   only when the application is in the foreground", aptsoftware, L);
/// - nothing to a terminated app (state restoration is not modelled).
///
/// Presence (the app's own rule): a region is entered at the first delivered advertisement that
/// matches it and left `exitAfter` after the last one. Frames without the region's identity (an
/// Eddystone-URL or -TLM) count once the same beacon has been seen sending a matching one: the
/// app associates them by the peripheral, as the TLM specification expects of clients
/// (google/eddystone `eddystone-tlm/tlm-plain.md`). The app decides only while it runs: an exit
/// that falls due while it is suspended is taken when it next runs, before the discovery that woke
/// it (which then enters again).
public struct CoreBluetoothPresence {
    /// The app's scanning settings and the OS's background throttle.
    public struct Settings: Sendable, Hashable {
        public var backgroundMode: Bool
        public var allowDuplicates: Bool
        public var exitAfter: SimDuration
        public var backgroundInterval: SimDuration

        public init(backgroundMode: Bool, allowDuplicates: Bool, exitAfter: SimDuration, backgroundInterval: SimDuration) {
            self.backgroundMode = backgroundMode
            self.allowDuplicates = allowDuplicates
            self.exitAfter = exitAfter
            self.backgroundInterval = backgroundInterval
        }
    }

    /// A presence change the app records.
    public enum Effect: Hashable, Sendable {
        case entered(region: String, firstPacket: SimTime)
        case exited(region: String, lastPacket: SimTime)
    }

    private struct Track {
        var region: RegionDefinition
        var inside = false
        var lastSeen: SimTime = .zero
        /// The beacons (sources) seen sending a frame of the region: their other frames (URL,
        /// TLM, another format) count for it too, as an app associates frames by the peripheral.
        var sources: [Int] = []
    }

    public let settings: Settings
    private var tracks: [Track]
    /// Per source (the world's beacon index): the last discovery delivered, for the background
    /// throttle and the foreground's one-per-scan rule.
    private var lastDelivered: [SimTime?] = []
    /// When the current foreground scan started (discoveries before it do not count for it).
    private var scanStart: SimTime = .zero
    /// Incremented whenever a deadline changes, so the owner knows when to reschedule.
    public private(set) var version = 0

    public init(settings: Settings, regions: [RegionDefinition]) {
        self.settings = settings
        tracks = regions.map { Track(region: $0) }
    }

    /// Whether the app, in `state`, is handed `frame` from `source` heard at `time`; records it.
    public mutating func discover(_ frame: AdvertisedFrame, source: Int, at time: SimTime, state: AppState) -> Bool {
        if case .ibeacon = frame { return false }
        if source >= lastDelivered.count { lastDelivered += Array(repeating: nil, count: source + 1 - lastDelivered.count) }
        let last = lastDelivered[source]
        switch state {
        case .notRunning:
            return false
        case .foreground:
            if !settings.allowDuplicates, let last, last >= scanStart { return false }
        case .background, .suspended:
            guard settings.backgroundMode, frame.advertisesService else { return false }
            if let last, time - last < settings.backgroundInterval { return false }
        }
        lastDelivered[source] = time
        return true
    }

    /// A foreground scan starts at `now` (the app came to the foreground): with duplicates
    /// filtered, each beacon is discovered once more.
    public mutating func scanStarted(at now: SimTime) { scanStart = now }

    /// A delivered advertisement of `frame` from `source`, first and last packet at `first` and `last`, handled
    /// by the running app at `first`: overdue exits first, then entries.
    public mutating func delivered(_ frame: AdvertisedFrame, source: Int, first: SimTime, last: SimTime) -> [Effect] {
        var effects = advance(to: first, running: true)
        for index in tracks.indices {
            if tracks[index].region.matches(frame) {
                if !tracks[index].sources.contains(source) { tracks[index].sources.append(source) }
            } else if !tracks[index].sources.contains(source) {
                continue
            }
            if !tracks[index].inside {
                tracks[index].inside = true
                effects.append(.entered(region: tracks[index].region.identifier, firstPacket: first))
            }
            tracks[index].lastSeen = last
        }
        version &+= 1
        return effects
    }

    /// Exits due by `now`, taken only while the app runs.
    public mutating func advance(to now: SimTime, running: Bool) -> [Effect] {
        guard running else { return [] }
        var effects: [Effect] = []
        for index in tracks.indices where tracks[index].inside && tracks[index].lastSeen + settings.exitAfter <= now {
            tracks[index].inside = false
            effects.append(.exited(region: tracks[index].region.identifier, lastPacket: tracks[index].lastSeen))
        }
        if !effects.isEmpty { version &+= 1 }
        return effects
    }

    /// The next exit the app would take, if it runs then.
    public var nextDeadline: SimTime? {
        tracks.lazy.filter(\.inside).map { $0.lastSeen + self.settings.exitAfter }.min()
    }
}
