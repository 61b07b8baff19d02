// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import SimulationCore

extension World {
    /// One advertising event of the beacon at the top of the advertising queue: three PDUs 0.4 ms
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
    /// Returns whether a phone was rescheduled (the general queue may have changed).
    @discardableResult
    func advertise<Queue: SourceScheduling>(beacon index: Int, queue: inout Queue, table: inout LinkTable) -> Bool {
        let beacon = beacons[index]
        guard beacon.powered else {
            queue.removeTop()
            beacon.queued = false
            table.beaconStopped(index)
            return false
        }
        var rescheduled = false
        let start = simulator.now.nanoseconds
        let powerOff = beacon.nextPowerOff(after: start)
        table.advertise(beacon: index, start: start, until: powerOff)
        let count = table.receptionCount
        if count > 0 {
            table.packetsReceived += count
            // A rotated address is a new transmitter to the scanner: a new ranging source.
            let source = index + beacon.addressGeneration * beacons.count
            // Receptions come grouped by phone: each phone gets its packets of the event at once,
            // then, if they asked for it, its reschedule (which touches only that phone's timer
            // and pattern).
            let frame = beacon.frame
            // A multi-format beacon's frame of this event (`FrameRotation`); nil: its one iBeacon frame.
            let rotated = beacon.rotation.map { $0.frame(forEvent: table.beacons[index].events &- 1) }
            var position = 0
            let receivers = table.receiverCount
            for receiver in 0..<receivers {
                prefetch(  // the state of the phones a few receivers ahead
                    ahead: receiver + 3 < receivers ? table.receivers[receiver + 3].phone : nil,
                    next: receiver + 1 < receivers ? table.receivers[receiver + 1].phone : nil)
                let (phone, end) = (table.receivers[receiver].phone, table.receivers[receiver].end)
                var packets = EventPackets()
                while position < end {
                    let reception = table.receptions[position]
                    packets.append(rssi: reception.rssi, time: SimTime(nanoseconds: reception.time))
                    position += 1
                }
                let outcome = unretainedPhones[phone]._withUnsafeGuaranteedRef {
                    if let rotated { return $0.receive(rotated, address: beacon.address, source: source, packets: packets) }
                    return $0.receive(frame, source: source, packets: packets)
                }
                if outcome.needsReschedule {
                    reschedule(phone: phone, table: &table)
                    rescheduled = true
                }
            }
        }
        // Events no phone can hear are passed over (fast loop), up to the first that might be
        // heard, cut short by a power-off, or past the end; the queue sees only that one.
        let next = table.nextEvent(
            beacon: index, after: start,
            limit: min(powerOff - 3 * AdvertisingTiming.channelSpacingNanoseconds, scenario.duration + 1))
        queue.replaceTop(at: SimTime(nanoseconds: next))
        return rescheduled
    }

    /// Before a delivery of an event: asks the processor for the head of phone `ahead` (three
    /// receivers on) and the region match keys of phone `next` (the next receiver, whose head came
    /// in two deliveries ago). With a thousand phones their state is not in the nearer caches,
    /// and a delivery otherwise waits on it (perf). Speed only; three and one are the distances
    /// tried.
    private func prefetch(ahead: Int?, next: Int?) {
        if let ahead { unretainedPhones[ahead]._withUnsafeGuaranteedRef { $0.prefetchReceiveState() } }
        if let next { unretainedPhones[next]._withUnsafeGuaranteedRef { $0.prefetchRegionKeys() } }
    }
}
