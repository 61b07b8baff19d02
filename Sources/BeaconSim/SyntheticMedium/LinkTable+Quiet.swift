// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// Only audible links cost: a link whose best case over the next stretch of the phone's walk lies
/// below the receiving device's reception floor is skipped, without computing or drawing
/// anything, until the phone has walked far enough to change that.
///
/// The skip is exact — the fast loop's results are byte-identical to the reference loop's — because
/// (1) every advertising event draws from its own block of the link's stream (`RadioLink.beginEvent`),
/// so a skipped event leaves the later ones' numbers unchanged; (2) the best case bounds every
/// deterministic term (`PropagationModel.bestMeanPower`: the venue's measured-power offset, the
/// dual slope and heights at the nearest point of the stretch, its fewest walls, the carrier's
/// least body loss on it (`BodyLossModel.leastLoss`: at one of its ends), no crowd) and the floor
/// is the device's (its sensitivity shift; the reporting offset and scan ceiling act only on
/// packets already received), and the margin covers every random term the model adds
/// (`quietMargin`; fading is in the floor); (3) the link's collision-meter entry, last set when it
/// fell silent, stays below every threshold an audible packet asks about (`CollisionMeter`).
///
/// Where the margin is too wide — a link at the edge of reach — the shadowing itself is read
/// ahead when it is drawn per event (`readAheadUntil`): the events whose own draws leave the best
/// case below the floor are skipped too, up to the first that may reach. The comparison is the
/// event's own (`mean + draw >= floor`, and rounding keeps the order of `mean` ≤ best), and that
/// event's start is read ahead from the beacon's advDelay draws (`eventStart`). A phone that
/// stands still has an exact mean, so its links are read ahead against it, or, with the
/// shadowing frozen, skipped to the dwell's end (`markQuiet`). A walking phone's bound — the best
/// case of the stretch an attempt looked at — is kept for the link's later events on that
/// stretch (`LinkPathCache.stretch`), so they read draws ahead without computing it again; and a
/// link heard on a lucky draw reads its next draws ahead against a kept bound too
/// (`readAheadAfterReception`).
extension LinkTable {
    /// How far below the reception floor (the device's sensitivity − fading margin) a link's best mean power
    /// must lie for it to be skipped, dB: the largest shadowing the model draws
    /// (`RadioConfiguration.shadowingBound` σ) and, with collisions, the capture threshold plus one
    /// meter bin. nil — never skip — when shadowing is correlated along the walk (its state must
    /// see every event) or when a path-loss slope is negative (the best case would not be the
    /// nearest point).
    static func quietMargin(_ configuration: RadioConfiguration) -> Double? {
        guard configuration.pathLossExponent >= 0, configuration.farPathLossExponent >= 0 else { return nil }
        var margin = 0.0
        if configuration.shadowingEnabled, configuration.shadowingSigma > 0 {
            guard RadioLink.drawsShadowingPerEvent(configuration) else { return nil }  // correlated
            margin += configuration.shadowingBound * configuration.shadowingSigma
        }
        if configuration.collisionsEnabled { margin += configuration.captureThreshold + CollisionMeter.binWidth }
        return margin
    }

    /// After a failed attempt to show a link quiet, the time before the next one, ns: the phone
    /// walks about 0.3 m meanwhile. Cost only (results do not depend on it): a tuning figure,
    /// held by the instruction thresholds (Benchmarks/Thresholds).
    static let quietRetryGap: Int64 = 250_000_000

    /// The most advertising events one attempt reads ahead (`RadioLink.eventsBelow`): about
    /// 50 s at 100 ms. Cost only: a longer quiet is found by the next attempt.
    static let readAheadLimit = 512

    /// After link `link` (of beacon `index`, at its advertising event `event`) missed the
    /// reception floor at `now` with mean power `mean`, dBm: marks it quiet for as long as can be
    /// shown (`quietEnds`). While the phone stands still on a dwell (`dwell`:
    /// speed 0 and nothing else moving, so `mean` holds to the dwell's end) the figure is exact:
    /// with shadowing drawn per event, the events whose draws keep `mean` below the floor are
    /// quiet; otherwise the shadowing is frozen too (a static phone's Gudmundson term, or none),
    /// so the whole rest of the dwell is. Without collisions only (the meter must see every event).
    mutating func markQuiet(
        link: Int, beacon index: Int, phone: Int, sample: Trajectory.Sample, event: UInt64, mean: Double,
        dwell: Bool, at now: Int64
    ) {
        let leg = cursors[phone].leg  // the leg of `sample`
        if dwell, !collisionsEnabled, leg.floor == leg.endFloor {  // not a lift ride: it changes floor half-way
            let end = leg.end
            guard end > now else { return }
            let certain = !readsAhead || quietMargin.map { mean + $0 < receptionFloors[phone] } ?? false
            quietEnds[link] =
                certain
                ? end
                : readAheadUntil(
                    link: link, beacon: index, phone: phone, event: event, best: mean, drawn: true, at: now, end: end)
            return
        }
        if readsAhead, !collisionsEnabled, let stretch = paths[link].stretch(at: now) {  // its bound is known
            quietEnds[link] = readAheadUntil(
                link: link, beacon: index, phone: phone, event: event, best: stretch.bound, drawn: true, at: now,
                end: stretch.end)
            return
        }
        guard mean < quietGates[phone], paths[link].quietRetry <= now else { return }
        let until = quietUntil(link: link, beacon: index, phone: phone, sample: sample, event: event, at: now, drawn: true)
        quietEnds[link] = until
        if until == .min { paths[link].quietRetry = now + Self.quietRetryGap }
    }

    /// After link `link` (of beacon `index`) was received at its advertising event `event` at
    /// `now`: the events after it whose own draws keep a mean power already bounded below the floor
    /// are quiet too, as after a miss (`markQuiet`). Only a bound known without computing is used —
    /// the dwell's exact `mean` (`dwell`, as `markQuiet`), or the best case of the stretch the last
    /// quiet attempt computed (`LinkPathCache.stretch`) — so a link near the edge of reach, heard
    /// on a lucky draw, passes over its next misses for the cost of reading draws. Out of line,
    /// as `quietUntil`.
    @inline(never)
    mutating func readAheadAfterReception(
        link: Int, beacon index: Int, phone: Int, event: UInt64, mean: Double, dwell: Bool, at now: Int64
    ) {
        let bound: (value: Double, end: Int64)
        if dwell {
            let leg = cursors[phone].leg
            guard leg.floor == leg.endFloor, leg.end > now else { return }
            bound = (mean, leg.end)
        } else {
            guard let stretch = paths[link].stretch(at: now) else { return }
            bound = (stretch.bound, stretch.end)
        }
        quietEnds[link] = readAheadUntil(
            link: link, beacon: index, phone: phone, event: event, best: bound.value, drawn: true, at: now, end: bound.end)
    }

    /// The instant until which every advertising event of link `link` from the one at `now`
    /// (index `event`; the one after it when that was `drawn` already) misses the floor with a mean
    /// power of at most `best`, dBm, and before `end`; `.min` when the first of them may reach it.
    /// Reads the events' own shadowing draws ahead (`RadioLink.eventsBelow`), and the instant is
    /// the start of the first event that may reach (`eventStart`). Mutating although it changes
    /// nothing, so the model's configuration is read in place, not copied.
    mutating func readAheadUntil(
        link: Int, beacon index: Int, phone: Int, event: UInt64, best: Double, drawn: Bool, at now: Int64, end: Int64
    ) -> Int64 {
        let first = drawn ? 1 : 0
        let span = (end - now) / beacons[index].interval + 1  // no later event starts before `end`
        let limit = Int(min(span, Int64(Self.readAheadLimit))) - first
        guard limit > 0 else { return .min }
        let quiet = radios[link].eventsBelow(
            floor: receptionFloors[phone], mean: best, from: event &+ UInt64(first), limit: limit,
            configuration: propagation.configuration)
        if quiet == 0 { return .min }
        return first + quiet == span ? end : eventStart(beacon: index, events: first + quiet, after: now, end: end)
    }

    /// The start (ns) of beacon `index`'s advertising event `events` events after the one at
    /// `start`, or `end` if that is sooner: the gaps its advDelay stream will draw, read ahead
    /// (the next gap is drawn after the event at `start`). Exact while the beacon keeps
    /// advertising, and never later than the real start otherwise: the event count and the
    /// advDelay stream move only with events sent, and a beacon switched off and on again sends
    /// its next event after the instant it would have sent it.
    func eventStart(beacon index: Int, events: Int, after start: Int64, end: Int64) -> Int64 {
        var delays = beacons[index].advDelay
        var time = start
        for _ in 0..<events {
            time += Self.gap(interval: beacons[index].interval, delays: &delays)
            if time >= end { return end }
        }
        return time
    }

    /// For link `link` (of beacon `index`), found below the reception floor at `now` with the phone at `sample`: the
    /// instant until which it stays below whatever the random terms draw, or `.min` when that
    /// cannot be shown. The stretch looked at is the rest of the phone's current leg, at most the
    /// time it takes to walk an eighth of the distance to the beacon, and at least 1 s, so the
    /// bound stays tight (a tuning figure, cost only, held by Benchmarks/Thresholds).
    /// With `profile` false the stretch's walls come from the walls crossed on the way to both of
    /// its ends (`WallIndex.sharedLoss`, a lower bound), not from the leg's wall profile, so far
    /// links are shown quiet without building one; with the profile, a bound that needs the draws
    /// read ahead is kept for the stretch (`LinkPathCache.keepStretch`). Mutating: called on the
    /// table in place, it also reads the model there instead of copying it per call. Out of line,
    /// so the event loop stays small enough for the mean power to be inlined into it.
    @inline(never)
    mutating func quietUntil(
        link: Int, beacon index: Int, phone: Int, sample: Trajectory.Sample, event: UInt64, at now: Int64,
        drawn: Bool, profile: Bool = true
    ) -> Int64 {
        guard let margin = quietMargin else { return .min }
        let beacon = site(of: index)
        let leg = cursors[phone].leg  // the leg of `sample`
        guard leg.floor == leg.endFloor, leg.end > now else { return .min }  // a floor change mid-leg: evaluate
        let distance = (beacon.position - sample.position).length
        var end = leg.end
        var far = sample.position
        var farFraction = sample.fraction
        if leg.speed > 0 {
            let seconds = max(1, 0.125 * distance / leg.speed)
            end = min(end, now + Int64(seconds * 1e9))
            farFraction = min(1, Double(end - leg.start) / Double(leg.end - leg.start))
            far = leg.from + (leg.to - leg.from) * farFraction
        }
        let best = propagation.bestMeanPower(
            measuredPower: beacon.measuredPower,
            planDistance: Self.distance(from: beacon.position, toSegment: sample.position, far),
            beaconFloor: beacon.floor, phoneFloor: sample.floor,
            wallLoss: profile
                ? paths[link].minimumWallLoss(from: sample.fraction, to: farFraction)
                : propagation.wallIndex(beaconFloor: beacon.floor, phoneFloor: sample.floor).sharedLoss(
                    from: beacon.position, to: sample.position, alsoTo: far),
            body: Self.carrier(
                loss: bodies[phone].leastLoss(
                    heading: sample.heading, start: beacon.position - sample.position, end: beacon.position - far)))
        if best + margin < receptionFloors[phone] { return end }
        guard readsAhead, !collisionsEnabled else { return .min }
        // The best case is summed in another order than the mean: read ahead 10⁻⁹ dB above it, so
        // a last-bit difference cannot skip an event that reaches.
        let bound = best + 1e-9
        // Kept for the link's later events on the stretch (with the leg's profile: the link's own
        // path cache is current); they read their draws against it.
        if profile { paths[link].keepStretch(bound: bound, until: end) }
        return readAheadUntil(
            link: link, beacon: index, phone: phone, event: event, best: bound, drawn: drawn, at: now, end: end)
    }

    /// A body that costs `loss` dB whichever way the beacon lies: for `bestMeanPower`, the least
    /// loss of the carrier's body over a stretch (`BodyLossModel.leastLoss`).
    static func carrier(loss: Double) -> BodyLossModel { BodyLossModel(front: loss, behind: loss) }

    /// Distance from `point` to the segment a–b, metres.
    static func distance(from point: PlanPoint, toSegment a: PlanPoint, _ b: PlanPoint) -> Double {
        let direction = b - a
        let squared = direction.dot(direction)
        guard squared > 0 else { return (point - a).length }
        let t = max(0, min(1, (point - a).dot(direction) / squared))
        return (point - (a + direction * t)).length
    }

    /// The start (ns) of beacon `index`'s next advertising event after the one at `start`: the
    /// gap is drawn, and in the fast loop the events before the first that some phone might hear
    /// are passed over — those before the instant until which every link of the
    /// beacon is quiet (`quietUntil`), and before `limit` (a power-off or the end of the run).
    /// Mutating, and reading the table in place, so the table is never copied for it.
    mutating func nextEvent(beacon index: Int, after start: Int64, limit: Int64) -> Int64 {
        // The gap (interval + advDelay) drawn in place, without a call per event.
        var next = start + Self.gap(interval: beacons[index].interval, delays: &beacons[index].advDelay)
        guard skipping else { return next }
        let phoneCount = trajectories.count
        var horizon = limit
        for link in index * phoneCount..<(index + 1) * phoneCount {
            let until = quietEnds[link]
            if until <= start { return next }
            horizon = min(horizon, until)
        }
        guard next < horizon else { return next }
        // Each event no phone hears moves the link streams' block on, counts three packets and draws
        // its gap; the stream and counters are locals so that the loop keeps them in registers.
        var delays = beacons[index].advDelay
        let interval = beacons[index].interval
        var passed: UInt64 = 0
        while next < horizon {
            passed &+= 1
            next += Self.gap(interval: interval, delays: &delays)
        }
        beacons[index].advDelay = delays
        beacons[index].events &+= passed
        packetsSent += 3 * Int(passed)
        return next
    }
}
