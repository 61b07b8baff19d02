// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
internal import PhoneModel
public import ScenarioFormat
public import SimulationCore

/// Measures a run against its ground truth, per phone and monitored region.
///
/// The ground-truth zone of a region is its `zone:` or, failing that, the venue zone of the same
/// name. Definitions (all latencies in seconds):
/// - `entryLatencyFromZone`: the first didEnterRegion after the previous zone exit minus the zone
///   entry (negative when the beacon is heard before the boundary); none before leaving the zone
///   is a missed entry;
/// - `exitLatencyFromZone` / `exitLatencyFromPowerOff`: the first didExitRegion after the phone
///   left the zone / after every beacon of the region switched off, counted only when the OS
///   believed the phone inside (`osRegionState`); none within the scenario's `missedAfter` is a
///   missed exit, and a return to the
///   zone (or power coming back) before then withdraws the opportunity;
/// - `exitLatencyFromLastPacket`, `entryLatencyFromFirstPacket`: from the packets the OS used;
/// - `falseExits`: didExitRegion while the phone is in the zone and the region's beacons are on;
/// - `rangingInterval`: time between consecutive didRangeBeacons of the region;
/// - `stateLatencyFromScreenOn`: screen-on to the didDetermineState it caused;
/// - `wrongNearest`: didRangeBeacons of the region while the phone is in a zone that has a beacon
///   of the same name (an exhibit), whose first (nearest) beacon is another one or none;
/// - `firstHeardDistance` (metres): at the run's first didEnterRegion, the plan distance from the
///   phone, where it was at that entry's first packet, to the nearest beacon of the region.
public enum MetricsCalculator {
    public static func compute(scenario: Scenario, result: RunResult) -> [RegionMetrics] {
        let zoneNames = Set(scenario.venue.zones.map(\.name))
        let end = SimTime(nanoseconds: scenario.duration)
        let beaconZones = Dictionary(
            scenario.beacons.filter { zoneNames.contains($0.name) }.map {
                ($0.name, _RegionMetricsTracker.BeaconKey(uuid: $0.uuid, major: $0.major, minor: $0.minor))
            }, uniquingKeysWith: { first, _ in first })
        var metrics: [RegionMetrics] = []
        for phone in scenario.phones {
            let records = result.trace.filter { $0.phone == phone.name }
            for region in phone.app.regions {
                let zone = region.zone ?? (zoneNames.contains(region.name) ? region.name : nil)
                var tracker = _RegionMetricsTracker(
                    phone: phone.name, region: region.name, zone: zone, cutoff: .nanoseconds(scenario.missedAfter),
                    beaconZones: beaconZones)
                for record in records { tracker.consume(record) }
                var entry = tracker.finish(at: end)
                let distances = firstHeardDistances(phone: phone, region: region, records: records, scenario: scenario)
                if !distances.isEmpty { entry.latencies[.firstHeardDistance] = distances }
                metrics.append(entry)
            }
            var phoneLevel = RegionMetrics(phone: phone.name, region: nil, zone: nil)
            phoneLevel.counts[.notifications] =
                records.filter {
                    if case .notificationPosted = $0.event { true } else { false }
                }.count
            metrics.append(phoneLevel)
        }
        return metrics
    }

    /// Distance (m) from the phone at the first entry's first packet to the region's nearest beacon.
    static func firstHeardDistances(phone: PhoneSpec, region: RegionSpec, records: [TraceRecord], scenario: Scenario)
        -> [Double]
    {
        let beacons = scenario.beacons.filter { beacon in
            beacon.uuid == region.uuid && (region.major.map { $0 == beacon.major } ?? true)
                && (region.minor.map { $0 == beacon.minor } ?? true)
        }
        guard !beacons.isEmpty else { return [] }
        let trajectory = Trajectory(waypoints: phone.path)
        return records.lazy.compactMap { record -> Double? in
            guard case .didEnterRegion(let name, let first?) = record.event, name == region.name else { return nil }
            let position = trajectory.state(at: first.nanoseconds).position
            return beacons.map { beacon in
                let dx = beacon.position.x - position.x, dy = beacon.position.y - position.y
                return (dx * dx + dy * dy).squareRoot()
            }.min()
        }.prefix(1).map { $0 }
    }
}
