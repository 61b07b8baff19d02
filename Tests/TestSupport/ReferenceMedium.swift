// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
@testable public import BeaconSim
internal import PhoneModel
internal import RadioPropagation
public import SimulationCore
internal import Stochastics

/// The independent oracle of the synthetic medium (issue 28): a plain `RadioMedium` written from
/// the radio model's description (docs/radio-model.md, `SyntheticMedium`'s doc comment), with
/// arrays, no caches and no skipping. Each advertising event is evaluated in full for every phone:
/// the walk is asked for the phone's place (`Trajectory.state(at:)`), the phone for whether it
/// listens, the propagation model for the mean power with the walls summed along the straight
/// path (`WallIndex.loss`), and each link's `RadioLink` for its draws. It shares nothing with the
/// synthetic medium's room — no link table, path cache, wall profile, quiet-link bound or event
/// calendar (the next beacon is found by scanning every beacon).
///
/// To be comparable byte for byte it draws from the same counter-based streams, keyed alike
/// (`World+Build`): per beacon `beacon/<name>/advDelay` (one gap per event) and
/// `beacon/<name>/reportShare`; per phone `phone/<name>/scanCeiling`, `phone/<name>/collisions`
/// and `phone/<name>/receiverOffset`; per link `link/<beacon>/<phone>`, positioned at the block
/// of the beacon's event (`RadioLink.beginEvent`); `world/beaconStart` for each beacon's first
/// event after it is switched on. The model's rules it follows as rules, not as optimisations: a
/// link whose mean power plus shadowing lies below the reception floor (the device's sensitivity
/// less `RadioConfiguration.unreachableMargin`) draws nothing more at that event (its fading
/// process is not advanced); the collision risk is drawn per listening PDU, before the
/// reception's own draws; a power-off cuts the PDUs at and after it.
public struct ReferenceMedium: RadioMedium {
    private struct Beacon {
        var advDelay: CounterStream
        var reportGate: ScanGate
        /// The event count: the block of every link stream the next event draws from.
        var events: UInt64 = 0
        /// The next event's start, ns, when the beacon is in the medium's list.
        var next: Int64?
    }

    private struct Phone {
        var scanGate: ScanGate
        var collisions: CounterStream
        var meter: CollisionMeter?
        let reportingOffset: Double
        let sensitivityShift: Double
        let receptionFloor: Double
        /// The most packets of one beacon per scan slot, nil: no limit.
        let packetLimit: Int?
    }

    private struct Link {
        var radio: RadioLink
        var fading = FadingState()
        /// The scan slot of the last packet taken and how many were taken in it.
        var slot: Int64 = .min
        var taken = 0
    }

    private let resolved: ResolvedScenario
    private var beacons: [Beacon]
    private var phones: [Phone]
    /// Beacon-major: `links[beacon][phone]`.
    private var links: [[Link]]
    private let beaconStart: RandomStream
    private let bystanders: [Trajectory]
    public private(set) var packetsSent = 0
    public private(set) var packetsReceived = 0

    /// The medium of replication `replication` of `resolved` with `seed`, for a world built from
    /// the same three (`World(resolved:seed:replication:)`).
    public init(resolved: ResolvedScenario, seed: UInt64, replication: Int = 0) {
        self.resolved = resolved
        let radio = resolved.propagation.configuration
        let counter = { (label: String) in CounterStream(seed: seed, replication: replication, label: label) }
        beacons = resolved.beacons.map { beacon in
            Beacon(
                advDelay: counter("beacon/\(beacon.spec.name)/advDelay"),
                reportGate: ScanGate(
                    random: counter("beacon/\(beacon.spec.name)/reportShare"), ceiling: beacon.spec.reportShare ?? 1,
                    indexedBySlot: true))
        }
        phones = resolved.phones.map { phone in
            let offset: Double
            switch phone.receiverOffset {
            case .fixed(let value): offset = value
            case .drawn(let sigma):
                offset = RandomStream(seed: seed, replication: replication, label: "phone/\(phone.name)/receiverOffset")
                    .normal(sd: sigma)
            }
            let shift = phone.device.sensitivity - radio.sensitivity
            return Phone(
                scanGate: ScanGate(random: counter("phone/\(phone.name)/scanCeiling"), ceiling: phone.device.scanCeiling),
                collisions: counter("phone/\(phone.name)/collisions"),
                meter: radio.collisionsEnabled
                    ? CollisionMeter(beacons: resolved.beacons.count, capture: radio.captureThreshold) : nil,
                reportingOffset: offset, sensitivityShift: shift,
                receptionFloor: radio.sensitivity + shift - radio.unreachableMargin,
                packetLimit: phone.device.packetsPerSlot.isFinite ? max(1, Int(phone.device.packetsPerSlot.rounded())) : nil)
        }
        links = resolved.beacons.map { beacon in
            resolved.phones.map { phone in
                Link(radio: RadioLink(random: counter("link/\(beacon.spec.name)/\(phone.name)"), configuration: radio))
            }
        }
        beaconStart = RandomStream(seed: seed, replication: replication, label: "world/beaconStart")
        bystanders = radio.crowdsEnabled ? resolved.scenario.bystanders.map { Trajectory(waypoints: $0.path) } : []
    }

    public mutating func start(in world: World) {
        for index in beacons.indices where world.beacons[index].powered { firstEvent(of: index, after: .zero) }
    }

    public mutating func beaconPowerChanged(_ beacon: Int, on: Bool, in world: World) {
        if on { firstEvent(of: beacon, after: world.now) }
    }

    /// A beacon switched on that is not in the list yet sends its first event uniformly within
    /// one interval.
    private mutating func firstEvent(of index: Int, after start: SimTime) {
        guard beacons[index].next == nil else { return }
        let offset = Int64(beaconStart.uniform() * Double(resolved.beacons[index].interval))
        beacons[index].next = start.nanoseconds + offset
    }

    /// The beacon whose event comes first, the lower index at equal times.
    private var first: (beacon: Int, time: Int64)? {
        var best: (beacon: Int, time: Int64)?
        for (index, beacon) in beacons.enumerated() {
            if let next = beacon.next, next < best?.time ?? .max { best = (index, next) }
        }
        return best
    }

    public mutating func nextArrival(notAfter limit: SimTime) -> MediumArrival {
        guard let first, first.time <= limit.nanoseconds else { return .none }
        return .at(SimTime(nanoseconds: first.time))
    }

    public mutating func deliver(at time: SimTime, in world: World) -> Bool {
        guard let index = first?.beacon else { return false }
        guard world.beacons[index].powered else {  // switched off: it leaves the list and no longer interferes
            beacons[index].next = nil
            for phone in phones.indices { phones[phone].meter?.remove(beacon: index) }
            return false
        }
        let start = time.nanoseconds
        let powerOff = world.scenario.beacons[index].schedule.filter { !$0.on && $0.at > start }.map(\.at).min() ?? .max
        let received = advertise(beacon: index, start: start, until: powerOff, world: world)
        let delay = beacons[index].advDelay.uniform() * Double(AdvertisingTiming.maximumAdvDelayNanoseconds)
        beacons[index].next = start + resolved.beacons[index].interval + Int64(delay)
        let beacon = world.beacons[index]
        let source = index + beacon.addressGeneration * world.beacons.count
        let frame = beacon.rotation.map { $0.frame(forEvent: beacons[index].events - 1) }
        var rescheduled = false
        for (phone, packets) in received.enumerated() where !packets.isEmpty {
            packetsReceived += packets.count
            var event = EventPackets()
            for packet in packets { event.append(rssi: packet.rssi, time: SimTime(nanoseconds: packet.time)) }
            let outcome =
                frame.map { world.phones[phone].receive($0, address: beacon.address, source: source, packets: event) }
                ?? world.phones[phone].receive(beacon.frame, source: source, packets: event)
            if outcome.needsReschedule {
                world.reschedule(phone: phone, medium: &self)
                rescheduled = true
            }
        }
        return rescheduled
    }

    /// One advertising event of beacon `index` at `start` ns, its PDUs cut at `until`: per phone,
    /// the packets it receives (every phone is evaluated before any is told).
    private mutating func advertise(beacon index: Int, start: Int64, until: Int64, world: World) -> [[(rssi: Int, time: Int64)]] {
        let radio = resolved.propagation.configuration
        let spacing = AdvertisingTiming.channelSpacingNanoseconds
        let times = (0..<3).map { start + Int64($0) * spacing }.filter { $0 < until }
        packetsSent += times.count
        let event = beacons[index].events
        beacons[index].events += 1
        let site = resolved.beacons[index]
        let people = bystanders.map { walk in
            let state = walk.state(at: start)
            return BodyPosition(point: state.position, floor: state.floor)
        }
        var received: [[(rssi: Int, time: Int64)]] = Array(repeating: [], count: phones.count)
        for phone in phones.indices {
            let device = world.phones[phone]
            guard times.contains(where: { device.isListening(at: SimTime(nanoseconds: $0)) }) else { continue }
            let place = device.trajectory.state(at: start)
            let walls = resolved.propagation.wallIndex(beaconFloor: site.floor, phoneFloor: place.floor)
            let mean = resolved.propagation.meanPower(
                measuredPower: site.measuredPower, beacon: site.position, beaconFloor: site.floor, phone: place.position,
                phoneFloor: place.floor, heading: place.heading, body: device.body,
                wallLoss: walls.loss(from: site.position, to: place.position),
                movingBodyLoss: people.isEmpty
                    ? 0
                    : resolved.propagation.crowds.movingLoss(
                        from: site.position, to: place.position, floors: (site.floor, place.floor), people: people))
            var link = links[index][phone]
            defer { links[index][phone] = link }
            link.radio.beginEvent(event)
            let base = mean.dBm + link.radio.shadowing(at: place.position, configuration: radio)
            var collision = 0.0
            if phones[phone].meter != nil {
                phones[phone].meter?.update(beacon: index, dBm: base, interval: Double(site.interval) / 1e9)
                collision = phones[phone].meter?.collisionProbability(wanted: index, dBm: base) ?? 0
            }
            guard base >= phones[phone].receptionFloor else { continue }
            for (channel, time) in times.enumerated() where device.isListening(at: SimTime(nanoseconds: time)) {
                if collision != 0, phones[phone].collisions.uniform() < collision { continue }
                guard
                    let rssi = link.radio.receive(
                        base: base, lineOfSight: mean.lineOfSight, speed: place.speed, channelIndex: channel,
                        timeNanoseconds: time, configuration: radio, errors: PacketErrorCurve(sensitivity: radio.sensitivity),
                        fading: &link.fading, sensitivityShift: phones[phone].sensitivityShift,
                        reportingOffset: phones[phone].reportingOffset),
                    phones[phone].scanGate.isOpen(at: time), beacons[index].reportGate.isOpen(at: time),
                    Self.takes(&link, limit: phones[phone].packetLimit, at: time)
                else { continue }
                received[phone].append((rssi, time))
            }
        }
        return received
    }

    /// Whether the phone's scan takes one more packet of `link`'s beacon in the scan slot of
    /// `time` (its device's packet limit per slot, nil: none), counting it.
    private static func takes(_ link: inout Link, limit: Int?, at time: Int64) -> Bool {
        guard let limit else { return true }
        let slot = time / DeviceProfile.scanSlotNanoseconds
        if link.slot != slot { (link.slot, link.taken) = (slot, 0) }
        guard link.taken < limit else { return false }
        link.taken += 1
        return true
    }
}
