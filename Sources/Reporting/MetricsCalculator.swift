// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import ScenarioFormat

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
///   of the same name (an exhibit), whose first (nearest) beacon is another one or none;
/// - `firstHeardDistance` (metres): at the run's first didEnterRegion of the region, the plan
///   distance from where the phone was at that entry's first packet to the region's nearest beacon
///   (`FirstHeardDistance`).
public enum MetricsCalculator {
    /// The metrics of a run whose trace was kept (`RunResult.trace`); a streamed run feeds a
    /// `MetricsAccumulator` instead, with the same result.
    public static func compute(scenario: Scenario, result: RunResult) -> [RegionMetrics] {
        let accumulator = MetricsAccumulator(scenario: scenario)
        for record in result.trace { accumulator.record(record) }
        return accumulator.finish()
    }
}
