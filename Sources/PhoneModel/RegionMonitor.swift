// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising
public import SimulationCore
public import Stochastics

/// The OS side of CoreLocation-style region monitoring, as a pure state machine.
///
/// Inputs are packets heard in scan windows (`observe`), registrations, state requests and the
/// passage of time (`advance`); outputs are `RegionEffect`s. It never touches an event queue: the
/// owner calls `advance(to:)` at `nextDeadline`. Rules (behaviour.md §1.1–1.5):
/// - entry: the first packet while not inside is reported at the next processing cycle in the
///   foreground (≤ 1 s), or after the hardware filter's drawn delay (`HardwareFilter`) in the
///   background; without hardware assist, at the next cycle of a software scan;
/// - exit: after `exitHysteresis` without a packet — at the next cycle in the foreground; in the
///   background after the filter's extra drawn delay, or never (its missed-exit probability);
/// - the initial state is determined `initialStateDelay` after monitoring starts, with
///   didDetermineState only (starting inside gives no didEnter);
/// - partially qualified regions match many beacons and exit only when all are silent.
/// With scan-cycle monitoring (`MonitoringStyle.scanCycles`, the Android Beacon Library) entries
/// are reported at detection and exits at the first scan-cycle end (`cycleEnded(at:)`) more than
/// `exitHysteresis` after the last packet (behaviour.md §2.1).
public struct RegionMonitor {
    // The fields a received packet reads come first, so they share a cache line.
    /// Incremented whenever a packet creates a new deadline, so the owner knows when to reschedule.
    public internal(set) var deadlineVersion = 0
    /// One per monitored region, in registration order. Changed in length or order only through
    /// `setTracks`, which keeps `matchKeys` in step (packets change the tracks in place:
    /// `RegionMonitor+Packets`).
    @usableFromInline var tracks: [_RegionTrack] = []
    /// What each track's region matches, in the tracks' order: apart from the tracks, so matching
    /// an advertising event's beacon reads a few bytes per region (`observe(_:packets:mode:)`).
    @usableFromInline private(set) var matchKeys: [_RegionMatchKey] = []
    /// Per transmitter (`observe(_:source:packets:mode:)`'s `source`), the iBeacon identity it
    /// last carried and the tracks that identity matches, as bits: the regions are matched once
    /// per transmitter and region list, not at every event (whose beacons come in no order the
    /// branch predictor could learn). Emptied whenever the tracks change.
    var sourceMatches: [(identity: IBeaconIdentity, tracks: UInt64)?] = []
    private let random: RandomStream
    /// CoreLocation's parameters; nil when the app's scan cycles monitor.
    let coreLocation: CoreLocationMonitoring?
    /// The software background scan placed at the phone's anchor (CoreLocation only).
    let softwareScan: ScanPattern
    /// The processing cycle (`evaluationInterval`) at which foreground entries and exits, state
    /// requests, screen-on and initial determinations are reported.
    public let processing: CycleGrid
    /// Last: a large value, kept away from the state above.
    public private(set) var profile: OSProfile

    /// `softwareScanAnchor`: where the phone's periodic software scan starts (the scan scheduler's);
    /// `cyclePhase`: where the processing cycle sits within one `evaluationInterval`, in [0, 1).
    public init(profile: OSProfile, random: RandomStream, softwareScanAnchor: SimTime = .zero, cyclePhase: Double = 0) {
        self.profile = profile
        self.random = random
        coreLocation = profile.monitoring.coreLocation
        softwareScan = coreLocation?.softwareScan.pattern(anchor: softwareScanAnchor) ?? .off
        processing = CycleGrid(period: profile.evaluationInterval, phase: cyclePhase)
    }

    /// Identifiers of the regions being monitored, in registration order.
    public var monitoredRegions: [RegionDefinition] { tracks.map(\.definition) }

    /// The OS's current state of region `identifier`.
    public func state(of identifier: String) -> RegionState {
        tracks.first { $0.definition.identifier == identifier }?.state ?? .unknown
    }

    /// The beacon whose packet last took region `identifier` towards inside (the first heard after
    /// being outside): a CLMonitor event's refinement.
    public func refinement(of identifier: String) -> IBeaconIdentity? {
        tracks.first { $0.definition.identifier == identifier }?.refinement
    }

    /// The earliest instant at which `advance(to:)` has work to do.
    public var nextDeadline: SimTime? { tracks.compactMap(\.nextDeadline).min() }

    /// Registers a region (replacing one with the same identifier, as CoreLocation does).
    public mutating func startMonitoring(_ region: RegionDefinition, at now: SimTime) -> [RegionEffect] {
        var tracks = self.tracks
        if let index = tracks.firstIndex(where: { $0.definition.identifier == region.identifier }) {
            tracks.remove(at: index)
        }
        defer { setTracks(tracks) }
        guard tracks.count < profile.regionLimit else {
            return [.monitoringFailed(region, reason: .regionLimit(profile.regionLimit))]
        }
        let slots = coreLocation?.hardwareFilter?.slots ?? 0
        var track = _RegionTrack(definition: region, hardwareAssisted: tracks.count < slots)
        track.initialAt = processing.atOrAfter(now + profile.initialStateDelay)
        tracks.append(track)
        return []
    }

    /// Stops monitoring region `identifier`; pending work for it is dropped.
    public mutating func stopMonitoring(_ identifier: String) {
        setTracks(tracks.filter { $0.definition.identifier != identifier })
    }

    /// Replaces the track list (a region added or removed), and the match keys with it.
    private mutating func setTracks(_ new: [_RegionTrack]) {
        tracks = new
        matchKeys = new.map { _RegionMatchKey($0.definition) }
        sourceMatches.removeAll(keepingCapacity: true)
    }

    /// Asks for the current state of `identifier` (`requestState(for:)`), answered at the next cycle.
    public mutating func requestState(_ identifier: String, at now: SimTime, reason: DeterminationReason = .requested) {
        for index in tracks.indices where tracks[index].definition.identifier == identifier {
            tracks[index].determinationAt = processing.atOrAfter(now)
            tracks[index].determinationReason = reason
        }
    }

    /// The screen lit: regions with `notifyEntryStateOnDisplay` that are inside report their state
    /// at the processing cycle that ends `screenOnStateDelay` (iOS: the next 1 s cycle, so within
    /// (0, 1] s; behaviour.md §1.6; only "already inside", §1.5).
    public mutating func screenTurnedOn(at now: SimTime) {
        for index in tracks.indices
        where tracks[index].definition.notifyEntryStateOnDisplay && tracks[index].state == .inside {
            tracks[index].determinationAt = processing.ending(profile.screenOnStateDelay, from: now)
            tracks[index].determinationReason = .screenOn
        }
    }

    /// Bluetooth went off or on (behaviour.md §1.5: the state becomes unknown; back on, each
    /// region's state is determined afresh with didDetermineState only — no didEnter or didExit;
    /// stackguides 34062216, L/M).
    public mutating func bluetoothChanged(on: Bool, at now: SimTime) -> [RegionEffect] {
        if on {
            resume(at: now, reason: .bluetoothOn)
            return []
        }
        return pause(reason: .bluetoothOff)
    }

    /// Monitoring stops (Bluetooth off, reboot): every state becomes unknown, pending work is
    /// dropped; the effects report the unknown states.
    public mutating func pause(reason: DeterminationReason) -> [RegionEffect] {
        tracks.indices.map { index in
            let definition = tracks[index].definition
            tracks[index] = _RegionTrack(definition: definition, hardwareAssisted: tracks[index].hardwareAssisted)
            return .determinedState(definition, .unknown, reason: reason)
        }
    }

    /// Monitoring restarts: each region's state is determined at the first processing cycle at least
    /// `initialStateDelay` later (packets heard meanwhile count), reported with `reason` and no
    /// transition.
    public mutating func resume(at now: SimTime, reason: DeterminationReason) {
        for index in tracks.indices {
            tracks[index] = _RegionTrack(definition: tracks[index].definition, hardwareAssisted: tracks[index].hardwareAssisted)
            tracks[index].initialAt = processing.atOrAfter(now + profile.initialStateDelay)
            tracks[index].initialReason = reason
        }
    }

    /// Whether any monitored region is inside (Android's filtered scans look for a first beacon only).
    public var anyRegionInside: Bool { tracks.contains { $0.state == .inside } }

    /// A scan cycle ended at `now` (scan-cycle monitoring, as the Android Beacon Library): every
    /// inside region silent for longer than `exitHysteresis` exits now
    /// (`RegionMonitoringState.markOutsideIfExpired`).
    public mutating func cycleEnded(at now: SimTime) -> [RegionEffect] {
        guard coreLocation == nil else { return [] }
        var effects: [RegionEffect] = []
        for index in tracks.indices where tracks[index].state == .inside {
            guard let lastSeen = tracks[index].lastSeen, now - lastSeen > profile.exitHysteresis else { continue }
            effects += exit(&tracks[index])
        }
        return effects
    }

    /// Processes every deadline up to and including `now`, in time order.
    public mutating func advance(to now: SimTime, mode: MonitoringMode) -> [RegionEffect] {
        var effects: [RegionEffect] = []
        while let (index, due) = earliestDue(notAfter: now) {
            effects += fire(index, at: due, mode: mode)
        }
        return effects
    }

    private func earliestDue(notAfter now: SimTime) -> (Int, SimTime)? {
        var best: (Int, SimTime)?
        for index in tracks.indices {
            if let due = tracks[index].nextDeadline, due <= now, best.map({ due < $0.1 }) ?? true { best = (index, due) }
        }
        return best
    }

    private mutating func fire(_ index: Int, at due: SimTime, mode: MonitoringMode) -> [RegionEffect] {
        var track = tracks[index]
        defer { tracks[index] = track }
        let region = track.definition
        if track.initialAt == due {
            track.initialAt = nil
            track.state = track.firstSeen != nil ? .inside : .outside
            if track.state == .inside { armExitCheck(&track, mode: mode) }
            return [.determinedState(region, track.state, reason: track.initialReason)]
        }
        if track.entryAt == due {
            track.entryAt = nil
            guard track.state != .inside else { return [] }
            track.state = .inside
            armExitCheck(&track, mode: mode)
            return [.transition(region, to: .inside, firstSeen: track.firstSeen, lastSeen: track.lastSeen)]
        }
        if track.determinationAt == due {
            track.determinationAt = nil
            if track.determinationReason == .screenOn, track.state != .inside { return [] }
            return [.determinedState(region, track.state, reason: track.determinationReason)]
        }
        if track.exitCheckAt == due {
            track.exitCheckAt = nil
            return exitCheck(&track, at: due, mode: mode)
        }
        if track.exitConfirmAt == due {
            track.exitConfirmAt = nil
            guard track.state == .inside, track.lastSeen == track.exitArmedLastSeen else {
                if track.state == .inside { armExitCheck(&track, mode: mode) }
                return []
            }
            return exit(&track)
        }
        return []
    }

    private mutating func exitCheck(_ track: inout _RegionTrack, at now: SimTime, mode: MonitoringMode) -> [RegionEffect] {
        guard track.state == .inside, !track.exitLost else { return [] }
        let expiry = (track.lastSeen ?? .zero) + profile.exitHysteresis
        if expiry > now {  // heard again since the check was armed
            track.exitCheckAt = mode == .foreground ? processing.atOrAfter(expiry) : expiry
            return []
        }
        track.exitDelay = nil
        if mode == .foreground { return exit(&track) }
        if track.hardwareAssisted, let filter = coreLocation?.hardwareFilter {
            if random.bernoulli(filter.missedExitProbability) {
                track.exitLost = true
                return [.exitLost(track.definition, lastSeen: track.lastSeen)]
            }
            let delay = filter.exitDelay.sample(random)
            track.exitConfirmAt = now + delay
            track.exitDelay = OSDelay(
                kind: .backgroundExitDelay, duration: delay, distribution: filter.exitDelay.description)
        } else {
            let report = softwareScanReport(after: now)
            track.exitConfirmAt = report
            if !softwareScan.isOff, !softwareScan.isContinuous {  // the drawn phase placed the scan that reports
                track.exitDelay = OSDelay.phase(
                    .softwareScanPhase, softwareScan.anchor - .zero, of: softwareScan, deciding: report)
            }
        }
        track.exitArmedLastSeen = track.lastSeen
        return []
    }

    private func exit(_ track: inout _RegionTrack) -> [RegionEffect] {
        track.state = .outside
        track.entryAt = nil
        let lastSeen = track.lastSeen
        track.firstSeen = nil
        return [.transition(track.definition, to: .outside, firstSeen: nil, lastSeen: lastSeen)]
    }

    func armExitCheck(_ track: inout _RegionTrack, mode: MonitoringMode) {
        guard coreLocation != nil else { return }  // scan cycles: exits are evaluated at cycle ends
        let expiry = (track.lastSeen ?? .zero) + profile.exitHysteresis
        track.exitCheckAt = mode == .foreground ? processing.atOrAfter(expiry) : expiry
    }

    mutating func entryTime(for index: Int, heardAt time: SimTime, mode: MonitoringMode) -> SimTime {
        tracks[index].entryDelay = nil
        guard coreLocation != nil else { return time }  // scan cycles: reported at detection
        if mode == .foreground { return processing.atOrAfter(time) }
        if tracks[index].hardwareAssisted, let filter = coreLocation?.hardwareFilter {
            let delay = filter.entryDelay.sample(random)
            tracks[index].entryDelay = OSDelay(
                kind: .backgroundEntryDelay, duration: delay, distribution: filter.entryDelay.description)
            return time + delay
        }
        return processing.atOrAfter(time)
    }

    /// The delay drawn for the transition of region `identifier` towards `state` that the monitor
    /// just reported: the hardware filter's, or the software scan's phase for a background exit
    /// the software scan reported (nil when none was drawn for it: foreground, scan cycles; a
    /// software scan's entry is the scan scheduler's `phaseDelay(deciding:)`).
    public func drawnDelay(of identifier: String, toward state: RegionState) -> OSDelay? {
        guard let track = tracks.first(where: { $0.definition.identifier == identifier }) else { return nil }
        return state == .inside ? track.entryDelay : track.exitDelay
    }

    /// A software scan reports an absence ~3 s after the next scan starts (Radius 2014 log).
    private func softwareScanReport(after time: SimTime) -> SimTime {
        let start = softwareScan.isListening(at: time) ? time : softwareScan.windowEnd(after: time) - softwareScan.window
        return start + min(.seconds(3), softwareScan.window)
    }
}
