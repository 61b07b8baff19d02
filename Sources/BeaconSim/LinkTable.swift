// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import RadioPropagation
internal import SimulationCore
internal import Stochastics

/// All per-link radio state of a world, and the per-event radio computation, in one value.
///
/// The world mutates it through a single access per advertising event, so the inner loop works on
/// plain struct storage (no per-field exclusivity checks or reference counting on class
/// properties). It never calls into phones: receptions are collected in `receptions` and the world
/// delivers them afterwards.
struct LinkTable {
    struct Beacon {
        var position: PlanPoint
        var measuredPower: Double
        var floor = 0
        /// Advertising interval, seconds (for the collision rate).
        var intervalSeconds = 0.1
    }

    struct Reception {
        var phone: Int
        var rssi: Int
        var time: Int64
    }

    let beacons: [Beacon]
    let propagation: PropagationModel
    let errors: PacketErrorCurve
    let trajectories: [Trajectory]
    let bodies: [BodyLossModel]
    /// phone-major: index = phone · beaconCount + beacon.
    var links: [RadioLink]
    var paths: [LinkPathCache]
    var cursors: [Trajectory.Cursor]
    /// Each phone's current scan pattern (nil: radio off), refreshed by the world whenever the
    /// phone's state may have changed.
    var patterns: [ListeningSchedule?]
    /// Per phone, from its `DeviceProfile`: reporting offset, dB; sensitivity minus the packet-error
    /// curve's, dB; the scan-ceiling gate. Then its collision meter and the stream of its draws
    /// (rf.md §9). Set by `World.init(scenario:seed:replication:)`; plain arrays so the per-event
    /// path reads one number, not a struct holding arrays.
    var reportingOffsets: [Double] = []
    var sensitivityShifts: [Double] = []
    var scanGates: [ScanGate] = []
    var collisionMeters: [CollisionMeter] = []
    var collisionDraws: [RandomStream] = []
    /// People without phones (`bystanders:`): their walks, and where they are at the current event.
    var bystanderWalks: [Trajectory.Cursor] = []
    var bystanders: [BodyPosition] = []
    /// Packets delivered by the last `advertise` call.
    var receptions: [Reception] = []
    /// Advertising packets transmitted (three per event) and received by some phone.
    var packetsSent = 0
    var packetsReceived = 0

    /// A table with no beacons or phones (a placeholder while the run loop holds the real one).
    static var empty: LinkTable {
        LinkTable(
            beacons: [], propagation: PropagationModel(configuration: RadioConfiguration(environment: .freeSpace), walls: []),
            trajectories: [], bodies: [], links: [])
    }

    init(
        beacons: [Beacon], propagation: PropagationModel, trajectories: [Trajectory], bodies: [BodyLossModel],
        links: [RadioLink]
    ) {
        self.beacons = beacons
        self.propagation = propagation
        errors = PacketErrorCurve(sensitivity: propagation.configuration.sensitivity)
        self.trajectories = trajectories
        self.bodies = bodies
        self.links = links
        paths = Array(repeating: LinkPathCache(), count: links.count)
        cursors = trajectories.map { Trajectory.Cursor($0) }
        patterns = Array(repeating: nil, count: trajectories.count)
        receptions.reserveCapacity(3 * trajectories.count)
    }

    /// Computes one advertising event of beacon `index` starting at `start` nanoseconds for every
    /// phone; fills `receptions` (see `World.advertise` for the model). PDUs at or after `until`
    /// (the beacon's power-off) are not sent.
    mutating func advertise(beacon index: Int, start: Int64, until: Int64 = .max) {
        receptions.removeAll(keepingCapacity: true)
        let spacing = AdvertisingTiming.channelSpacingNanoseconds
        let channels = until - start >= 3 * spacing ? 3 : Int((until - start + spacing - 1) / spacing)
        packetsSent += channels
        let configuration = propagation.configuration
        let floor = configuration.sensitivity - configuration.unreachableMargin
        let beacon = beacons[index]
        for person in bystanderWalks.indices {  // once per event, not per link
            let sample = bystanderWalks[person].sample(at: start)
            bystanders[person] = BodyPosition(point: sample.position, floor: sample.floor)
        }
        for phone in patterns.indices {
            guard let pattern = patterns[phone],
                pattern.isListening(at: SimTime(nanoseconds: start))
                    || (channels > 1 && pattern.isListening(at: SimTime(nanoseconds: start + spacing)))
                    || (channels > 2 && pattern.isListening(at: SimTime(nanoseconds: start + 2 * spacing)))
            else { continue }
            let link = phone * beacons.count + index
            let sample = cursors[phone].sample(at: start)
            let floorKey = beacon.floor * propagation.floorCount + sample.floor
            if paths[link].isStale(for: sample, floorKey: floorKey) {
                paths[link].rebuild(
                    walls: propagation.wallIndex(beaconFloor: beacon.floor, phoneFloor: sample.floor), floorKey: floorKey,
                    beacon: beacon.position, trajectory: trajectories[phone], sample: sample)
            }
            let wallLoss = paths[link].wallLoss(at: sample)
            let mean = propagation.meanPower(
                measuredPower: beacon.measuredPower, beacon: beacon.position, beaconFloor: beacon.floor,
                phone: sample.position, phoneFloor: sample.floor, heading: sample.heading, body: bodies[phone],
                wallLoss: wallLoss,
                movingBodyLoss: bystanders.isEmpty
                    ? 0
                    : propagation.crowds.movingLoss(
                        from: beacon.position, to: sample.position, floors: (beacon.floor, sample.floor), people: bystanders))
            let base = mean.dBm + links[link].shadowing(at: sample.position, configuration: configuration)
            var collision = 0.0
            if configuration.collisionsEnabled {  // once per event: this beacon's level, then the others' risk
                collisionMeters[phone].update(beacon: index, dBm: base, interval: beacon.intervalSeconds)
                collision = collisionMeters[phone].collisionProbability(wanted: index, dBm: base)
            }
            let shift = sensitivityShifts[phone]
            guard base >= floor + shift else { continue }
            for channel in 0..<channels {
                let time = start + Int64(channel) * spacing
                guard pattern.isListening(at: SimTime(nanoseconds: time)),
                    collision == 0 || collisionDraws[phone].uniform() >= collision,
                    let rssi = links[link].receive(
                        base: base, lineOfSight: mean.lineOfSight, speed: sample.speed, channelIndex: channel,
                        timeNanoseconds: time, configuration: configuration, errors: errors, sensitivityShift: shift,
                        reportingOffset: reportingOffsets[phone]),
                    scanGates[phone].isOpen(at: time)
                else { continue }
                receptions.append(Reception(phone: phone, rssi: rssi, time: time))
            }
        }
    }

    /// Beacon `index` stopped advertising: it no longer interferes.
    mutating func beaconStopped(_ index: Int) {
        guard propagation.configuration.collisionsEnabled else { return }
        for phone in collisionMeters.indices { collisionMeters[phone].remove(beacon: index) }
    }
}
