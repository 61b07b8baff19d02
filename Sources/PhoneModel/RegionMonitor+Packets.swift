// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising
public import SimulationCore

/// Packets heard: what each changes in the tracks of the regions its beacon belongs to.
extension RegionMonitor {
    /// A packet from `identity` was heard at `time` inside a scan window (O(regions), no allocation).
    public mutating func observe(_ identity: IBeaconIdentity, at time: SimTime, mode: MonitoringMode) {
        observe(identity, packets: EventPackets(rssi: 0, time: time), mode: mode)
    }

    /// Packets from `identity` (one advertising event's, in time order): each counts as
    /// `observe(_:at:mode:)` would, in turn, but the regions are matched once, and a region's
    /// packets after the first it counted only move its `lastSeen` — the first has armed or
    /// decided everything else (`observe(trackAt:heardAt:mode:)`: an exit check stays armed, an
    /// entry stays due, the first sighting stays first), so the rest would change nothing more.
    /// When every packet counts (`everyPacketCounts`), each matching region takes the event's
    /// first packet and then its last as `lastSeen`, without a test per packet.
    public mutating func observe(_ identity: IBeaconIdentity, packets: EventPackets, mode: MonitoringMode) {
        observe(packets: packets, from: identity, mode: mode, heardFrom: identity)
    }

    /// As `observe(_:packets:mode:)`, from transmitter `source` (a small stable index, such as the
    /// world's beacon index): the regions `identity` matches are remembered for the transmitter
    /// while it carries that identity and the region list stays the same.
    public mutating func observe(_ identity: IBeaconIdentity, source: Int, packets: EventPackets, mode: MonitoringMode) {
        guard matchKeys.count <= 64, source >= 0 else {
            observe(packets: packets, from: identity, mode: mode, heardFrom: identity)
            return
        }
        if source >= sourceMatches.count {
            sourceMatches.append(contentsOf: repeatElement(nil, count: source + 1 - sourceMatches.count))
        }
        let matching: UInt64
        if let known = sourceMatches[source], known.identity == identity {
            matching = known.tracks
        } else {
            matching = matchingTracks(identity)
            sourceMatches[source] = (identity, matching)
        }
        observe(packets: packets, matching: matching, from: identity, mode: mode)
    }

    /// Packets of one advertising event carrying `frame`, as `observe(_:packets:mode:)` for an
    /// iBeacon: an AltBeacon matches the regions whose UUID, major and minor are its id1, id2 and id3
    /// (the Android Beacon Library compares identifiers, not formats), an Eddystone-UID the regions
    /// naming its namespace (and instance); URL and TLM frames carry no identity a region matches.
    /// Only an iBeacon is a refinement. Which formats reach the monitor at all is the phone's
    /// business (`PhoneDevice`).
    public mutating func observe(_ frame: AdvertisedFrame, packets: EventPackets, mode: MonitoringMode) {
        switch frame {
        case .ibeacon(let beacon): observe(beacon.identity, packets: packets, mode: mode)
        case .altBeacon(let identity, _, _): observe(packets: packets, from: nil, mode: mode, heardFrom: identity)
        case .eddystoneUID(let identity, _): observe(packets: packets, from: nil, mode: mode, heardFrom: identity)
        case .eddystoneURL, .eddystoneTLM: return
        }
    }

    /// The body of `observe(_:packets:mode:)` for the regions `beacon` matches, `identity` the
    /// refinement an entry records. Generic rather than taking a closure, so each identity's
    /// match is compiled into its own copy of the loop.
    private mutating func observe(
        packets: EventPackets, from identity: IBeaconIdentity?, mode: MonitoringMode, heardFrom beacon: some _RegionMatchable
    ) {
        guard matchKeys.count <= 64 else {  // more regions than mask bits: matched packet by packet
            for (_, time) in packets {
                for index in matchKeys.indices where beacon.isMatched(by: matchKeys[index]) {
                    if counts(trackAt: index, heardAt: time, mode: mode) {
                        observe(trackAt: index, heardAt: time, from: identity, mode: mode)
                    }
                }
            }
            return
        }
        observe(packets: packets, matching: matchingTracks(beacon), from: identity, mode: mode)
    }

    /// The tracks whose regions `beacon` belongs to, as bits (at most 64 tracks).
    private func matchingTracks(_ beacon: some _RegionMatchable) -> UInt64 {
        var matching: UInt64 = 0
        for index in matchKeys.indices where beacon.isMatched(by: matchKeys[index]) { matching |= 1 << index }
        return matching
    }

    /// The body of `observe(_:packets:mode:)` for the tracks `matching` (bits, visited lowest
    /// first per packet), `identity` the refinement an entry records.
    private mutating func observe(
        packets: EventPackets, matching: UInt64, from identity: IBeaconIdentity?, mode: MonitoringMode
    ) {
        guard matching != 0, let first = packets.first, let last = packets.last else { return }
        if everyPacketCounts(mode: mode) {  // no window to test: each track's first and last packet
            var remaining = matching
            while remaining != 0 {
                let index = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                observe(trackAt: index, heardAt: first.time, from: identity, mode: mode)
                if packets.count > 1 { tracks[index].lastSeen = last.time }
            }
            return
        }
        var counted: UInt64 = 0  // the tracks that have counted a packet of this event
        for (_, time) in packets {
            var remaining = matching
            while remaining != 0 {
                let index = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                guard counts(trackAt: index, heardAt: time, mode: mode) else { continue }
                if counted & (1 << index) != 0 {
                    tracks[index].lastSeen = time
                } else {
                    observe(trackAt: index, heardAt: time, from: identity, mode: mode)
                    counted |= 1 << index
                }
            }
        }
    }

    /// Whether a packet of track `index`'s region heard at `time` counts: not when it falls
    /// outside the software scan of a background region without hardware assistance.
    private func counts(trackAt index: Int, heardAt time: SimTime, mode: MonitoringMode) -> Bool {
        everyPacketCounts(mode: mode) || tracks[index].hardwareAssisted || softwareScan.isListening(at: time)
    }

    /// Whether every packet heard counts, whatever its region and time: outside the background,
    /// and without Core Location's software-scan window.
    private func everyPacketCounts(mode: MonitoringMode) -> Bool { mode != .background || coreLocation == nil }

    /// A packet of track `index`'s region that counts (`counts(trackAt:heardAt:mode:)`) heard at
    /// `time`.
    private mutating func observe(
        trackAt index: Int, heardAt time: SimTime, from identity: IBeaconIdentity?, mode: MonitoringMode
    ) {
        switch tracks[index].heard(at: time) {
        case .inside:
            if tracks[index].exitCheckAt == nil, tracks[index].exitConfirmAt == nil, coreLocation != nil {
                armExitCheck(&tracks[index], mode: mode)
                deadlineVersion &+= 1
            }
        case .outside:
            guard tracks[index].entryAt == nil else { return }
            tracks[index].firstSeen = time
            tracks[index].refinement = identity
            tracks[index].entryAt = entryTime(for: index, heardAt: time, mode: mode)
            deadlineVersion &+= 1
        case .unknown:
            if tracks[index].firstSeen == nil {
                tracks[index].firstSeen = time
                tracks[index].refinement = identity
            }
        }
    }
}

/// A beacon identity a region's match key can be tested against.
protocol _RegionMatchable {
    func isMatched(by key: _RegionMatchKey) -> Bool
}

extension IBeaconIdentity: _RegionMatchable {
    func isMatched(by key: _RegionMatchKey) -> Bool { key.matches(self) }
}

extension AltBeaconIdentity: _RegionMatchable {
    func isMatched(by key: _RegionMatchKey) -> Bool { key.matches(self) }
}

extension EddystoneUID: _RegionMatchable {
    func isMatched(by key: _RegionMatchKey) -> Bool { key.matches(self) }
}

extension RegionMonitor {
    /// Hands `visitor` the arrays `observe(_:packets:mode:)` reads for every event heard: the
    /// match keys, then the tracks. Mutating although it changes nothing: called on the phone's
    /// monitor in place, it hands over the arrays without copying the monitor. Inlinable, so the
    /// visit is compiled for the caller's visitor and the arrays' element types.
    @inlinable public mutating func visitPacketStorage(_ visitor: some PacketStorageVisitor) {
        visitor.visit(matchKeys)
        visitor.visit(tracks)
    }
}
