// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import RadioPropagation
internal import SimulationCore
internal import Stochastics

/// All per-link and per-beacon radio state of a world, and the per-event radio computation, in
/// flat arrays of plain values (no class properties, so the inner loop pays no exclusivity checks
/// or reference counting). The table is not copyable and its per-event arrays are `FlatArray`s it
/// alone owns, so the loop changes them in place without a uniqueness check per access.
///
/// Links are beacon-major (`beacon · phoneCount + phone`), so one advertising event reads one
/// contiguous run of each per-link array. It never calls into phones: receptions are collected
/// in `receptions` and the world delivers them afterwards.
struct LinkTable: ~Copyable {
    var beacons: FlatArray<Beacon>
    /// Per phone (kept in separate arrays, so reading a body copies no trajectory).
    let trajectories: [Trajectory]
    let bodies: [BodyLossModel]
    let reportingOffsets: [Double]
    let sensitivityShifts: [Double]
    let propagation: PropagationModel
    let errors: PacketErrorCurve
    /// Beacon-major (index = beacon · phoneCount + phone): each link's random radio state, and
    /// the instant (ns) before which no advertising event of the link can reach the phone — such
    /// events are skipped without a draw (fast loop only; `LinkTable+Quiet`). The instants are
    /// a dense array of their own, so an event's skip test reads 8 bytes per phone.
    var radios: FlatArray<RadioLink>
    var quietEnds: FlatArray<Int64>
    var paths: FlatArray<LinkPathCache>
    /// Per link, the fast-fading process (empty with fading off).
    var fading: FlatArray<FadingState>
    var cursors: FlatArray<Trajectory.Cursor>
    /// Each phone's current scan schedule (nil: radio off), refreshed by the world whenever the
    /// phone's state may have changed, and the span of time around the last instant asked about
    /// over which its answer stays the same (`listens(phone:at:)`).
    var patterns: FlatArray<ListeningSchedule?>
    var spans: FlatArray<ListeningSpan>
    /// Per phone: its scan-ceiling gate, its collision meter and the stream of its collision draws
    /// (rf.md §9).
    var scanGates: FlatArray<ScanGate>
    /// Per phone its packet limit per slot (`Int.max`: none), and per link the slot and the packets
    /// taken in it so far (empty when no phone has a limit).
    let packetLimits: [Int]
    var slotPackets: FlatArray<(slot: Int64, count: Int)>
    var collisionMeters: FlatArray<CollisionMeter>
    var collisionDraws: FlatArray<CounterStream>
    /// People without phones (`bystanders:`): their walks, and where they are at the current event.
    var bystanderWalks: FlatArray<Trajectory.Cursor>
    var bystanders: [BodyPosition]
    /// Whether inaudible links may be skipped (`LoopMode.fast`), and the margin that makes a skip
    /// exact (`LinkTable+Quiet`); nil when the model has no bound.
    var skipping = false
    let quietMargin: Double?
    /// Per phone, the lowest mean-plus-shadowing power at which a packet can get through: the
    /// device's sensitivity minus the fading margin (`RadioConfiguration.unreachableMargin`), dBm.
    let receptionFloors: [Double]
    let collisionsEnabled: Bool
    /// Whether the shadowing is drawn afresh per advertising event, so that a quiet stretch can
    /// be found by reading the draws of later events ahead (`RadioLink.drawsShadowingPerEvent`).
    let readsAhead: Bool
    /// Whether a link's packets of one event are all received alike (`RadioLink.receivesEveryChannelAlike`).
    let channelsAlike: Bool
    /// Per phone, a quick test before the quiet bound, dBm: only a link whose current mean lies
    /// below this — the reception floor less the quiet margin and the most the carrier's body
    /// loss can fall short of the current one — is tried (−∞: never, without a margin; the floor
    /// itself when the draws are read ahead, since any link below it may then be skipped). A
    /// matter of cost only: `quietUntil` decides.
    let quietGates: [Double]
    /// Packets delivered by the last `advertise` call: the first `receptionCount` entries of a
    /// buffer sized once for three packets per phone (overwritten, never reallocated).
    var receptions: FlatArray<Reception>
    var receptionCount = 0
    /// The phones those receptions go to, in phone order, each with the end of its run of
    /// receptions: the first `receiverCount` entries (so the world delivers phone by phone, and
    /// can look ahead at the phones it is about to deliver to).
    var receivers: FlatArray<Receiver>
    var receiverCount = 0
    /// The phones an advertising event evaluates (`advertise`): a buffer of one entry per phone,
    /// overwritten per event.
    var candidates: FlatArray<Int32>
    /// Advertising packets transmitted (three per event) and received by some phone; link
    /// evaluations (a listening link's mean power and shadowing at one advertising event).
    var packetsSent = 0
    var packetsReceived = 0
    var linkEvaluations = 0

    /// The table of `beacons` × `phones`; `links(beacon, phone)` builds each link's random state;
    /// `collisionDraws` holds each phone's collision stream; `bystanders` the walks of people
    /// without phones.
    init(
        beacons: [Beacon], phones: [Phone], propagation: PropagationModel, links: (Int, Int) -> RadioLink,
        collisionDraws: [CounterStream], bystanders: [Trajectory]
    ) {
        self.beacons = FlatArray(beacons)
        trajectories = phones.map(\.trajectory)
        bodies = phones.map(\.body)
        reportingOffsets = phones.map(\.reportingOffset)
        sensitivityShifts = phones.map(\.sensitivityShift)
        self.propagation = propagation
        let configuration = propagation.configuration
        errors = PacketErrorCurve(sensitivity: configuration.sensitivity)
        var radios: [RadioLink] = []
        radios.reserveCapacity(beacons.count * phones.count)
        for beacon in beacons.indices {
            for phone in phones.indices { radios.append(links(beacon, phone)) }
        }
        self.radios = FlatArray(radios)
        quietEnds = FlatArray(repeating: .min, count: radios.count)
        paths = FlatArray(repeating: LinkPathCache(), count: radios.count)
        fading = FlatArray(repeating: FadingState(), count: configuration.fadingEnabled ? radios.count : 0)
        cursors = FlatArray(phones.map { Trajectory.Cursor($0.trajectory) })
        patterns = FlatArray(repeating: nil, count: phones.count)
        spans = FlatArray(repeating: ListeningSpan.none, count: phones.count)
        scanGates = FlatArray(phones.map(\.scanGate))
        packetLimits = phones.map { $0.packetLimit ?? .max }
        slotPackets = FlatArray(
            repeating: (.min, 0), count: phones.contains { $0.packetLimit != nil } ? beacons.count * phones.count : 0)
        collisionMeters = FlatArray(
            configuration.collisionsEnabled
                ? phones.map { _ in CollisionMeter(beacons: beacons.count, capture: configuration.captureThreshold) } : [])
        self.collisionDraws = FlatArray(collisionDraws)
        let walks = configuration.crowdsEnabled ? bystanders.map { Trajectory.Cursor($0) } : []
        bystanderWalks = FlatArray(walks)
        self.bystanders = walks.map { _ in BodyPosition(point: .zero, floor: 0) }
        quietMargin = Self.quietMargin(configuration)
        receptionFloors = phones.map { configuration.sensitivity + $0.sensitivityShift - configuration.unreachableMargin }
        collisionsEnabled = configuration.collisionsEnabled
        let readsAhead = RadioLink.drawsShadowingPerEvent(configuration)
        self.readsAhead = readsAhead
        channelsAlike = RadioLink.receivesEveryChannelAlike(configuration)
        quietGates = zip(phones, receptionFloors).map { [quietMargin] phone, floor in
            guard let margin = quietMargin else { return -.infinity }
            if readsAhead, !configuration.collisionsEnabled { return floor }  // draws read ahead
            let spread = configuration.bodyLossEnabled ? abs(phone.body.front - phone.body.behind) : 0
            return floor - margin - spread
        }
        receptions = FlatArray(repeating: Reception(rssi: 0, time: 0), count: 3 * phones.count)
        candidates = FlatArray(repeating: 0, count: phones.count)
        receivers = FlatArray(repeating: Receiver(phone: 0, end: 0), count: phones.count)
        // An empty array shares one static buffer that is never uniquely referenced, and the loop
        // makes its arrays unique up front: it would be "copied" at every event. Its own buffer.
        self.bystanders.reserveCapacity(1)
        checkShape(phones: phones.count)  // the event loop's `unchecked:` accesses rest on it
    }

    /// Sets phone `index`'s scan schedule.
    mutating func setPattern(_ pattern: ListeningSchedule?, phone index: Int) {
        patterns[index] = pattern
        spans[index] = pattern == nil ? ListeningSpan(listening: false, from: .min, until: .max) : .none
    }

    /// The gap to a beacon's next advertising event, ns: `interval` + advDelay, U[0, 10 ms] drawn
    /// from `delays`. Always inlined: the quiet events' loop draws one per event passed over.
    @inline(__always)
    static func gap(interval: Int64, delays: inout CounterStream) -> Int64 {
        let delay = delays.uniform() * Double(AdvertisingTiming.maximumAdvDelayNanoseconds)
        return interval + Int64(delay)  // delay ≥ 0: truncation is the floor, without a libm call
    }

    /// Computes one advertising event of beacon `index` starting at `start` nanoseconds for every
    /// phone; fills `receptions` (see `World.advertise` for the model). PDUs at or after `until`
    /// (the beacon's power-off) are not sent. Skips links known to be inaudible when `skipping`;
    /// the result is the same either way.
    mutating func advertise(beacon index: Int, start: Int64, until: Int64 = .max) {
        (receptionCount, receiverCount) = (0, 0)
        let spacing = AdvertisingTiming.channelSpacingNanoseconds
        let channels = until - start >= 3 * spacing ? 3 : Int((until - start + spacing - 1) / spacing)
        packetsSent += channels
        let configuration = propagation.configuration  // one copy per event, passed by reference below
        let site = site(of: index)
        let event = beacons[index].events
        beacons[index].events &+= 1
        for person in bystanderWalks.indices {  // once per event, not per link
            let sample = bystanderWalks[person].sample(at: start)
            bystanders[person] = BodyPosition(point: sample.position, floor: sample.floor)
        }
        let phoneCount = trajectories.count
        // Per event, not per link: table fields the loop would otherwise reload after every write.
        let (skip, floorCount, reusable) = (skipping, propagation.floorCount, bystanders.isEmpty)
        let readsAheadFreely = skip && readsAhead && !collisionsEnabled
        // Whether a link's packets may be taken all at once (`takesEveryChannel`): one answer per
        // event, no per-slot packet limit, the beacon's report gate always open.
        let wholeEvents = channelsAlike && slotPackets.isEmpty && beacons[index].reportGate.ceiling >= 1
        let lastPacket = start + Int64(channels - 1) * spacing
        // The phones whose links are not known quiet, in phone order (all of them without skipping).
        let first = index * phoneCount
        let heard = quietEnds.indices(
            from: first, count: phoneCount, atMost: skip ? start : .max, into: &candidates)
        for slot in 0..<heard {
            let phone = Int(candidates[unchecked: slot])
            let link = first + phone
            // The links left are scattered through the table, so their loads miss the cache in a
            // large crowd: ask for them a few links ahead.
            if slot + 4 < heard {
                let aheadPhone = Int(candidates[unchecked: slot + 4])
                let aheadLink = first + aheadPhone
                paths.prefetch(aheadLink)
                radios.prefetch(aheadLink)
                cursors.prefetch(aheadPhone)
            }
            guard listens(phone: phone, during: start, channels: channels) else { continue }
            linkEvaluations += 1
            let sample = cursors[unchecked: phone].sample(at: start)
            let floorKey = site.floor * floorCount + sample.floor
            // Before building a wall profile for a new leg: a link out of earshot through the walls
            // that block the whole next stretch is quiet without one (without collisions: no meter
            // entry to keep current).
            if skip, !collisionsEnabled, paths[unchecked: link].isStale(at: sample, floorKey: floorKey) {
                let until = quietUntil(
                    link: link, beacon: index, phone: phone, sample: sample, event: event, at: start, drawn: false,
                    profile: false)
                if until > start {
                    quietEnds[unchecked: link] = until
                    continue
                }
            }
            let mean = meanPower(
                link: link, phone: phone, sample: sample, floorKey: floorKey, beacon: site, reusable: reusable)
            radios[unchecked: link].beginEvent(event)
            let base = mean.dBm + radios[unchecked: link].shadowing(at: sample.position, configuration: configuration)
            var collision = 0.0
            if collisionsEnabled {  // once per event: this beacon's level, then the others' risk
                collisionMeters[phone].update(beacon: index, dBm: base, interval: beacons[index].intervalSeconds)
                collision = collisionMeters[phone].collisionProbability(wanted: index, dBm: base)
            }
            let dwell = reusable && sample.speed == 0
            guard base >= receptionFloors[phone] else {
                if skip {
                    markQuiet(
                        link: link, beacon: index, phone: phone, sample: sample, event: event, mean: mean.dBm,
                        dwell: dwell, at: start)
                }
                continue
            }
            // Heard, perhaps on a lucky draw: its next misses may be passed over (without collisions,
            // the meter must see every event).
            if readsAheadFreely, dwell ? mean.dBm < receptionFloors[phone] : paths[unchecked: link].stretch(at: start) != nil {
                readAheadAfterReception(
                    link: link, beacon: index, phone: phone, event: event, mean: mean.dBm, dwell: dwell, at: start)
            }
            let received = receptionCount
            // Received alike on every channel: one answer for the event (it draws nothing).
            let answer: EventAnswer =
                channelsAlike
                ? .alike(
                    receive(
                        link: link, phone: phone, base: base, mean: mean, speed: sample.speed, channel: 0, time: start,
                        configuration: configuration)) : .perChannel
            if wholeEvents, collision == 0, takesEveryChannel(phone: phone, from: start, to: lastPacket) {
                // The loop below, taken at once: every packet gets the one answer.
                if case .alike(let shared?) = answer {
                    for channel in 0..<channels {
                        receptions[unchecked: receptionCount] = Reception(
                            rssi: shared, time: start + Int64(channel) * spacing)
                        receptionCount += 1
                    }
                    receivers[unchecked: receiverCount] = Receiver(phone: phone, end: receptionCount)
                    receiverCount += 1
                }
                continue
            }
            for channel in 0..<channels {
                let time = start + Int64(channel) * spacing
                guard listens(phone: phone, at: time) else { continue }
                // The collision draw, then the reception's own draws: this order is part of the results.
                if collision != 0, collisionDraws[phone].uniform() < collision { continue }
                let rssi: Int?
                switch answer {
                case .alike(let shared): rssi = shared
                case .perChannel:
                    rssi = receive(
                        link: link, phone: phone, base: base, mean: mean, speed: sample.speed, channel: channel, time: time,
                        configuration: configuration)
                }
                guard let rssi, scanGates[unchecked: phone].isOpen(at: time),
                    beacons[unchecked: index].reportGate.isOpen(at: time),
                    slotPackets.isEmpty || takes(link: link, phone: phone, at: time)
                else { continue }
                receptions[unchecked: receptionCount] = Reception(rssi: rssi, time: time)
                receptionCount += 1
            }
            if receptionCount > received {
                receivers[unchecked: receiverCount] = Receiver(phone: phone, end: receptionCount)
                receiverCount += 1
            }
        }
        #if BEACONSIM_INTERNAL_CHECKS
            checkShape(phones: phoneCount)
            checkReceptions()
        #endif
    }

    /// Beacon `index` stopped advertising: it no longer interferes.
    mutating func beaconStopped(_ index: Int) {
        for phone in collisionMeters.indices { collisionMeters[phone].remove(beacon: index) }
    }
}
