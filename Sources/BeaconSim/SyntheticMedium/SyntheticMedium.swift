// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import SimulationCore
internal import Stochastics

/// The simulated radio (`RadioMedium`): the beacons' advertising calendar (`queue`: a
/// `SourceCalendar` in the fast loop, a `SourceQueue` in the reference loop) and the per-link
/// state and per-event computation (`LinkTable`, with its path caches and quiet-link skipping).
/// An arrival is one advertising event of the beacon at the top of the calendar.
struct SyntheticMedium<Queue: SourceScheduling>: ~Copyable {
    var table: LinkTable
    var queue: Queue
    /// The draws of each beacon's first advertising event after it is switched on.
    let beaconStart: RandomStream
    /// Per beacon: on or off, queued in the calendar or not, and its power-offs still to come.
    private var advertising = FlatArray<BeaconAdvertising>([])
    /// The world's phones, unretained, for the per-event delivery: calling one through
    /// `_withUnsafeGuaranteedRef` costs no reference counting on the phone object's own cache
    /// line. The world's `phones` keeps them alive.
    private var unretainedPhones: [Unmanaged<PhoneDevice>] = []
    /// Their receive states likewise, so the delivery loop can ask for a phone's state ahead
    /// without first loading the phone object.
    private var unretainedStates: [Unmanaged<PhoneDevice.ReceiveState>] = []
    /// The world's beacons, unretained likewise: read once per advertising event heard.
    private var unretainedBeacons: [Unmanaged<BeaconDevice>] = []
    /// The last instant a beacon's event may start (the scenario's duration).
    private var duration: Int64 = 0

    /// A medium over `table`'s links with an empty calendar; `skipping`: the fast loop (links
    /// known to be inaudible are skipped, `LinkTable+Quiet`).
    init(table: consuming LinkTable, queue: Queue, skipping: Bool, beaconStart: RandomStream) {
        self.table = table
        self.table.skipping = skipping
        self.queue = queue
        self.beaconStart = beaconStart
        _HeapPages.adviseHeap(links: self.table.radios.count)  // the world is built: a large one's heap in huge pages
    }

    var packetsSent: Int { table.packetsSent }
    var packetsReceived: Int { table.packetsReceived }
    var linkEvaluations: Int { table.linkEvaluations }
}

extension SyntheticMedium: RadioMedium {
    mutating func start(in world: World) {
        unretainedPhones = world.phones.map { Unmanaged.passUnretained($0) }
        unretainedStates = world.phones.map { Unmanaged.passUnretained($0.receiveState) }
        unretainedBeacons = world.beacons.map { Unmanaged.passUnretained($0) }
        duration = world.scenario.duration
        advertising = FlatArray(
            zip(world.beacons, world.scenario.beacons).map { beacon, spec in
                BeaconAdvertising(powered: beacon.powered, powerOffTimes: spec.schedule.filter { !$0.on }.map(\.at).sorted())
            })
        for (index, beacon) in world.beacons.enumerated() where beacon.powered {
            scheduleFirstAdvertisement(index, after: .zero, in: world)
        }
    }

    mutating func nextArrival(notAfter limit: SimTime) -> MediumArrival {
        guard let next = queue.top, next.time <= limit else { return .none }
        return .at(next.time)
    }

    mutating func listeningChanged(phone: Int, in world: World) {
        table.setPattern(world.phones[phone].listeningSchedule, phone: phone)
    }

    mutating func beaconPowerChanged(_ beacon: Int, on: Bool, in world: World) {
        advertising[beacon].powered = on
        if on { scheduleFirstAdvertisement(beacon, after: world.now, in: world) }
    }

    /// A beacon's first advertising event falls uniformly within one interval of `start`.
    private mutating func scheduleFirstAdvertisement(_ index: Int, after start: SimTime, in world: World) {
        guard !advertising[index].queued else { return }
        let offset = Int64(beaconStart.uniform() * Double(world.beacons[index].interval))
        queue.insert(source: index, at: start + .nanoseconds(offset))
        advertising[index].queued = true
    }

    /// One advertising event of the beacon at the top of the calendar: three PDUs 0.4 ms
    /// apart on channels 37, 38, 39, each heard by every phone whose radio listens at that instant
    /// and whose link delivers it. A beacon switched off during the event sends none of the PDUs
    /// from that instant on.
    ///
    /// Geometry (distance, walls, body) and shadowing are computed once per event and phone — the
    /// phone moves about 0.1 cm in 0.8 ms — and the wall loss comes from the link's
    /// `WallLossProfile` for the phone's current leg; fading, noise and packet errors are drawn per
    /// PDU. Links whose mean power plus shadowing lies more than
    /// `RadioConfiguration.unreachableMargin` below sensitivity cannot deliver a packet and are
    /// skipped without further draws. Collisions with the other beacons are drawn per PDU from a
    /// probability computed once per event and phone (`CollisionMeter`). The computation lives in
    /// `LinkTable`.
    mutating func deliver(at time: SimTime, in world: World) -> Bool {
        guard let index = queue.top?.source else { return false }
        guard advertising[index].powered else {
            queue.removeTop()
            advertising[index].queued = false
            table.beaconStopped(index)
            return false
        }
        var rescheduled = false
        let start = time.nanoseconds
        let powerOff = advertising[index].nextPowerOff(after: start)
        table.advertise(beacon: index, start: start, until: powerOff)
        let count = table.receptionCount
        if count > 0 {
            table.packetsReceived += count
            let (event, beaconCount) = (table.beacons[index].events &- 1, unretainedBeacons.count)
            let (source, frame, rotated, address) = unretainedBeacons[index]._withUnsafeGuaranteedRef { beacon in
                // A rotated address is a new transmitter to the scanner: a new ranging source.
                let source = index + beacon.addressGeneration * beaconCount
                // A multi-format beacon's frame of this event (`FrameRotation`); nil: its one iBeacon frame.
                return (source, beacon.frame, beacon.rotation.map { $0.frame(forEvent: event) }, beacon.address)
            }
            // Receptions come grouped by phone: each phone gets its packets of the event at once,
            // then, if they asked for it, its reschedule (which touches only that phone's timer
            // and pattern).
            var position = 0
            let receivers = table.receiverCount
            for receiver in 0..<receivers {
                // Asked for in two stages, so no request waits on memory: the phone and its state's
                // fields six receivers ahead, the monitor's arrays (addresses read from those fields)
                // three ahead.
                if receiver + 6 < receivers {
                    let ahead = table.receivers[receiver + 6].phone
                    _prefetchObject(unretainedPhones[ahead], bytes: 128)
                    unretainedStates[ahead]._withUnsafeGuaranteedRef { $0.prefetchFields() }
                }
                if receiver + 3 < receivers {
                    unretainedStates[table.receivers[receiver + 3].phone]._withUnsafeGuaranteedRef {
                        $0.prefetchMonitorStorage()
                    }
                }
                let (phone, end) = (table.receivers[receiver].phone, table.receivers[receiver].end)
                var packets = EventPackets()
                while position < end {
                    let reception = table.receptions[position]
                    packets.append(rssi: reception.rssi, time: SimTime(nanoseconds: reception.time))
                    position += 1
                }
                let outcome = unretainedPhones[phone]._withUnsafeGuaranteedRef {
                    if let rotated { return $0.receive(rotated, address: address, source: source, packets: packets) }
                    return $0.receive(frame, source: source, packets: packets)
                }
                if outcome.needsReschedule {
                    world.reschedule(phone: phone, medium: &self)
                    rescheduled = true
                }
            }
        }
        // Events no phone can hear are passed over (fast loop), up to the first that might be
        // heard, cut short by a power-off, or past the end; the calendar sees only that one.
        let next = table.nextEvent(
            beacon: index, after: start,
            limit: min(powerOff - 3 * AdvertisingTiming.channelSpacingNanoseconds, duration + 1))
        queue.replaceTop(at: SimTime(nanoseconds: next))
        return rescheduled
    }
}

/// One beacon's advertising state in the synthetic medium.
struct BeaconAdvertising {
    /// Switched on (the world's power events, through `beaconPowerChanged`).
    var powered: Bool
    /// Whether the beacon has an entry in the calendar.
    var queued = false
    /// The scheduled power-off instants, ns, in time order: an advertising event that began
    /// before one sends none of its later PDUs.
    let powerOffTimes: [Int64]
    private var nextPowerOffIndex = 0

    init(powered: Bool, powerOffTimes: [Int64]) {
        self.powered = powered
        self.powerOffTimes = powerOffTimes
    }

    /// The first scheduled power-off strictly after `time` (ns), `Int64.max` when none. Calls
    /// come with non-decreasing `time`, as advertising events do.
    mutating func nextPowerOff(after time: Int64) -> Int64 {
        while nextPowerOffIndex < powerOffTimes.count, powerOffTimes[nextPowerOffIndex] <= time { nextPowerOffIndex += 1 }
        return nextPowerOffIndex < powerOffTimes.count ? powerOffTimes[nextPowerOffIndex] : .max
    }
}
