// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import ScenarioFormat
internal import SimulationCore

/// The metrics of one run computed online, record by record, as `World.run(recordingTo:)`
/// produces them (see `MetricsCalculator` for the definitions). Holds one small tracker per phone
/// and region, never the trace.
public final class MetricsAccumulator: TraceRecorder {
    private let end: SimTime
    private let phoneIndex: [String: Int]
    /// Per phone: one tracker per monitored region, then the phone-level metrics.
    private var trackers: [[_RegionMetricsTracker]]
    private var phoneLevel: [RegionMetrics]
    private var firstHeard: FirstHeardDistance
    /// Per phone: region name → its index among the phone's regions.
    private let regionIndex: [[String: Int]]

    public init(scenario: Scenario) {
        let zoneNames = Set(scenario.venue.zones.map(\.name))
        end = SimTime(nanoseconds: scenario.duration)
        let beaconZones = Dictionary(
            scenario.beacons.filter { zoneNames.contains($0.name) && $0.sendsIBeacon }.map {
                ($0.name, _RegionMetricsTracker.BeaconKey(uuid: $0.uuid, major: $0.major, minor: $0.minor))
            }, uniquingKeysWith: { first, _ in first })
        phoneIndex = Dictionary(
            scenario.phones.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        trackers = scenario.phones.map { phone in
            phone.app.regions.map { region in
                _RegionMetricsTracker(
                    phone: phone.name, region: region.name,
                    zone: region.zone ?? (zoneNames.contains(region.name) ? region.name : nil),
                    cutoff: .nanoseconds(scenario.missedAfter), beaconZones: beaconZones)
            }
        }
        phoneLevel = scenario.phones.map { RegionMetrics(phone: $0.name, region: nil, zone: nil) }
        firstHeard = FirstHeardDistance(scenario: scenario)
        regionIndex = scenario.phones.map { phone in
            Dictionary(phone.app.regions.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Consumes one record (records come in time order; world records without a phone are ignored).
    public func record(_ record: TraceRecord) {
        guard let name = record.phone, let phone = phoneIndex[name] else { return }
        for region in trackers[phone].indices { trackers[phone][region].consume(record) }
        if case .notificationPosted = record.event { phoneLevel[phone].count(.notifications) }
        switch record.event {
        case .didEnterRegion(let name, let first?), .appPresenceEntered(let name, let first?):
            if let region = regionIndex[phone][name] { firstHeard.entered(phone: phone, region: region, firstPacket: first) }
        default: break
        }
        // A CLMonitor condition's satisfied transition (only transitions carry the first packet).
        if case .monitorEvent(let event) = record.event, event.state == .satisfied, let first = event.firstPacket,
            let region = regionIndex[phone][event.identifier]
        {
            firstHeard.entered(phone: phone, region: region, firstPacket: first)
        }
    }

    /// The metrics at the end of the run: per phone, its regions in declaration order, then the
    /// phone-level entry.
    public func finish() -> [RegionMetrics] {
        var metrics: [RegionMetrics] = []
        for phone in trackers.indices {
            for region in trackers[phone].indices {
                var entry = trackers[phone][region].finish(at: end)
                if let distance = firstHeard.distances[phone][region] { entry.latencies[.firstHeardDistance] = [distance] }
                metrics.append(entry)
            }
            var level = phoneLevel[phone]
            if level.counts[.notifications] == nil { level.counts[.notifications] = 0 }
            metrics.append(level)
        }
        return metrics
    }
}
