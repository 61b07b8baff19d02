// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
internal import PhoneModel
internal import ScenarioFormat
internal import SimulationCore

/// One pass over a phone's trace for one region; see `MetricsCalculator` for the definitions.
struct _RegionMetricsTracker {
    private var metrics: RegionMetrics
    private let region: String
    private let zone: String?
    private let cutoff: SimDuration
    /// The OS's state of the region: an exit is expected only when the OS believes it is inside.
    private var osState = RegionState.unknown
    private var inZone = false
    private var beaconsOn = true
    private var zoneEntryAwaiting: SimTime?
    private var earlyEntry: SimTime?
    private var zoneExitAwaiting: SimTime?
    private var powerOffAwaiting: SimTime?
    /// An expected exit was counted missed (no didExitRegion within `cutoff`) and no exit has been
    /// expected since: the next didExitRegion is late and gives no latency sample.
    private var exitExpired = false
    private var lastRanging: SimTime?
    private var screenOnAt: SimTime?
    /// Zone name → the beacon of the same name (`wrongNearest`), and the one the phone is in.
    private let beaconZones: [String: BeaconKey]
    private var beaconZone: String?
    /// The state of the region's CLMonitor condition as the app last saw it in an event.
    private var conditionSeen = ConditionState.unknown

    /// A beacon's identity as text and numbers.
    struct BeaconKey: Equatable {
        var uuid: String
        var major: UInt16
        var minor: UInt16
    }

    init(phone: String, region: String, zone: String?, cutoff: SimDuration, beaconZones: [String: BeaconKey] = [:]) {
        metrics = RegionMetrics(phone: phone, region: region, zone: zone)
        metrics.counts[.lateExits] = 0
        self.region = region
        self.zone = zone
        self.cutoff = cutoff
        self.beaconZones = beaconZones
    }

    mutating func consume(_ record: TraceRecord) {
        let now = record.time
        expireMissedExits(at: now)
        switch regionCallback(for: record.event) {
        case .zoneEntered(let name, _) where beaconZones[name] != nil && name != zone:
            beaconZone = name
        case .zoneExited(let name) where name == beaconZone && name != zone:
            beaconZone = nil
        case .zoneEntered(let name, let atStart) where name == zone:
            inZone = true
            if beaconZones[name] != nil { beaconZone = name }
            if atStart { break }
            if zoneExitAwaiting != nil { zoneExitAwaiting = nil; metrics.opportunities[.missedExits, default: 1] -= 1 }
            metrics.opportunity(.missedEntries)
            if let early = earlyEntry {
                metrics.add(.entryLatencyFromZone, seconds: (early - now).seconds)
                earlyEntry = nil
            } else {
                zoneEntryAwaiting = now
            }
        case .zoneExited(let name) where name == zone:
            inZone = false
            if name == beaconZone { beaconZone = nil }
            if let entry = zoneEntryAwaiting { missedEntry(from: entry, to: now) }
            zoneEntryAwaiting = nil
            if osState == .inside {
                zoneExitAwaiting = now
                exitExpired = false
                metrics.opportunity(.missedExits)
            }
        case .regionBeaconsOff(let name) where name == region:
            beaconsOn = false
            if osState == .inside {
                powerOffAwaiting = now
                exitExpired = false
                metrics.opportunity(.missedExits)
            }
        case .regionBeaconsOn(let name) where name == region:
            beaconsOn = true
            if powerOffAwaiting != nil { powerOffAwaiting = nil; metrics.opportunities[.missedExits, default: 1] -= 1 }
        case .osRegionState(let name, let state, _) where name == region:
            osState = state
        case .didEnterRegion(let name, let firstPacket) where name == region,
            .appPresenceEntered(let name, let firstPacket) where name == region:
            metrics.count(.entries)
            if let first = firstPacket { metrics.add(.entryLatencyFromFirstPacket, seconds: (now - first).seconds) }
            if let zoneEntry = zoneEntryAwaiting {
                metrics.add(.entryLatencyFromZone, seconds: (now - zoneEntry).seconds)
                zoneEntryAwaiting = nil
            } else if zone != nil, !inZone {
                earlyEntry = now
            }
        case .didExitRegion(let name, let lastPacket) where name == region,
            .appPresenceExited(let name, let lastPacket) where name == region:
            earlyEntry = nil
            metrics.count(.exits)
            if zone != nil, inZone, beaconsOn { metrics.count(.falseExits) }
            if exitExpired, zoneExitAwaiting == nil, powerOffAwaiting == nil {
                // One rule for every exit latency: an exit already counted missed gives no sample.
                metrics.count(.lateExits)
                exitExpired = false
                break
            }
            exitExpired = false
            if let last = lastPacket { metrics.add(.exitLatencyFromLastPacket, seconds: (now - last).seconds) }
            if let zoneExit = zoneExitAwaiting { metrics.add(.exitLatencyFromZone, seconds: (now - zoneExit).seconds) }
            if let powerOff = powerOffAwaiting { metrics.add(.exitLatencyFromPowerOff, seconds: (now - powerOff).seconds) }
            zoneExitAwaiting = nil
            powerOffAwaiting = nil
        case .didDetermineState(let name, _, let reason) where name == region:
            if reason == .screenOn, let screenOn = screenOnAt {
                metrics.add(.stateLatencyFromScreenOn, seconds: (now - screenOn).seconds)
                screenOnAt = nil
            }
        case .monitoringDidFail(let name, _) where name == region:
            metrics.count(.monitoringFailures)
        case .didRangeBeacons(let name, let beacons) where name == region:
            if let exhibit = beaconZone, let expected = beaconZones[exhibit] {
                metrics.opportunity(.wrongNearest)
                let nearest = beacons.first.map {
                    BeaconKey(uuid: $0.identity.uuid.description, major: $0.identity.major, minor: $0.identity.minor)
                }
                if nearest != expected { metrics.count(.wrongNearest) }
            }
            if let previous = lastRanging { metrics.add(.rangingInterval, seconds: (now - previous).seconds) }
            lastRanging = now
        case .userAction(let action, _) where action == .screenOn || action == .unlock:
            screenOnAt = now
        case .appStateChanged(_, let to, _) where to == .notRunning || to == .suspended:
            lastRanging = nil
        default: break
        }
    }

    /// A CLMonitor event as the region-API callback it amounts to for the app, so every metric
    /// treats both APIs alike: a `satisfied` event after any other state is an entry, an
    /// `unsatisfied` one after `satisfied` an exit; one with a diagnostic is "cannot tell", not a
    /// transition (platforms-2026.md §1.3), except `conditionLimitExceeded`, a monitoring failure.
    /// Other events are themselves.
    private mutating func regionCallback(for event: TraceEvent) -> TraceEvent {
        guard case .monitorEvent(let monitorEvent) = event, monitorEvent.identifier == region else { return event }
        let previous = conditionSeen
        conditionSeen = monitorEvent.state
        if monitorEvent.diagnostics.contains(.conditionLimitExceeded) {
            return .monitoringDidFail(region: region, reason: .conditionLimitExceeded)
        }
        guard monitorEvent.diagnostics.isEmpty else { return event }
        switch monitorEvent.state {
        case .satisfied where previous != .satisfied:
            return .didEnterRegion(region: region, firstPacket: monitorEvent.firstPacket)
        case .unsatisfied where previous == .satisfied: return .didExitRegion(region: region, lastPacket: monitorEvent.lastPacket)
        default: return event
        }
    }

    mutating func finish(at end: SimTime) -> RegionMetrics {
        expireMissedExits(at: end)
        if zoneExitAwaiting != nil { metrics.opportunities[.missedExits, default: 1] -= 1 }
        if powerOffAwaiting != nil { metrics.opportunities[.missedExits, default: 1] -= 1 }
        if let entry = zoneEntryAwaiting {
            if end - entry >= cutoff {
                missedEntry(from: entry, to: end)
            } else {
                metrics.opportunities[.missedEntries, default: 1] -= 1
            }
        }
        return metrics
    }

    /// Counts a missed entry, the zone visit from `entry` to `exit` (or the run's end) with it.
    private mutating func missedEntry(from entry: SimTime, to exit: SimTime) {
        metrics.count(.missedEntries)
        metrics.missedEntryVisits.append(RegionMetrics.MissedVisit(zoneEntered: entry, zoneExited: exit))
    }

    private mutating func expireMissedExits(at now: SimTime) {
        if let zoneExit = zoneExitAwaiting, now - zoneExit >= cutoff {
            metrics.count(.missedExits)
            zoneExitAwaiting = nil
            exitExpired = true
        }
        if let powerOff = powerOffAwaiting, now - powerOff >= cutoff {
            metrics.count(.missedExits)
            powerOffAwaiting = nil
            exitExpired = true
        }
    }
}
