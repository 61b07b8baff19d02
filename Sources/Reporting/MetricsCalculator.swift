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
/// - one rule for every exit latency (from zone, power-off and last packet alike): a didExitRegion
///   that comes after its exit was counted missed (more than `missedAfter` after the zone exit or
///   power-off, with no exit expected since) gives no sample to any of them and is counted in
///   `lateExits`, so all exit latencies describe the same exits;
/// - `falseExits`: didExitRegion while the phone is in the zone and the region's beacons are on;
/// - `rangingInterval`: time between consecutive didRangeBeacons of the region;
/// - `stateLatencyFromScreenOn`: screen-on to the didDetermineState it caused;
/// - `wrongNearest`: didRangeBeacons of the region while the phone is in a zone that has a beacon
///   of the same name (an exhibit), whose first (nearest) beacon is another one or none.
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
                metrics.append(tracker.finish(at: end))
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
}
