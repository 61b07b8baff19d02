// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// The mean power of one link at one advertising event, with the link's cached wall profile and
/// dwell figure (`LinkPathCache`).
extension LinkTable {
    /// The beacon end of a link: where it stands and its measured power at 1 m, dBm.
    typealias BeaconSite = (position: PlanPoint, floor: Int, measuredPower: Double)

    /// Beacon `index`'s site, read field by field rather than copying the whole record. Mutating
    /// although it changes nothing: it reads the table in place, where a non-mutating call from
    /// the event loop would copy the table.
    @inline(__always)
    mutating func site(of index: Int) -> BeaconSite {
        (beacons[index].position, beacons[index].floor, beacons[index].measuredPower)
    }

    /// Link `link`'s mean power at `sample` (phone `phone`, from `beacon`; floor pair `floorKey`),
    /// dBm, and whether its path is in line of sight: the dwell's figure when the cache keeps one
    /// (`reusable`: no bystanders move), else the model's with the wall loss of the link's profile
    /// for the current leg, built first when the phone is on a new leg or floor pair. A method of
    /// the table, always inlined into the event loop: it reads the model in place, where a closure
    /// handed to the cache would copy the model per link.
    @inline(__always)
    mutating func meanPower(
        link: Int, phone: Int, sample: Trajectory.Sample, floorKey: Int, beacon: BeaconSite, reusable: Bool
    ) -> (dBm: Double, lineOfSight: Bool) {
        if let kept = paths[unchecked: link].keptMean(at: sample, floorKey: floorKey, reusable: reusable) { return kept }
        if paths[unchecked: link].isStale(at: sample, floorKey: floorKey) {
            let leg = cursors[unchecked: phone].leg  // the leg of `sample`
            let profile = WallLossProfile(
                walls: propagation.wallIndex(beaconFloor: beacon.floor, phoneFloor: sample.floor), beacon: beacon.position,
                from: leg.from, to: leg.to)
            paths[unchecked: link].rebuild(profile, leg: sample.leg, floorKey: floorKey)
        }
        let mean = propagation.meanPower(
            measuredPower: beacon.measuredPower, beacon: beacon.position, beaconFloor: beacon.floor,
            phone: sample.position, phoneFloor: sample.floor, heading: sample.heading, body: bodies[phone],
            wallLoss: paths[unchecked: link].wallLoss(at: sample.fraction),
            movingBodyLoss: reusable
                ? 0
                : propagation.crowds.movingLoss(
                    from: beacon.position, to: sample.position, floors: (beacon.floor, sample.floor), people: bystanders))
        paths[unchecked: link].keep(mean, at: sample, reusable: reusable)
        return mean
    }
}
