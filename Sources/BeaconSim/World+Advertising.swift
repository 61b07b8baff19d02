// SPDX-License-Identifier: GPL-3.0-or-later
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
    func advertise(beacon index: Int, queue: inout SourceQueue, table: inout LinkTable) {
        let beacon = beacons[index]
        guard beacon.powered else {
            queue.removeTop()
            beacon.queued = false
            table.beaconStopped(index)
            return
        }
        let start = simulator.now.nanoseconds
        table.advertise(beacon: index, start: start, until: beacon.nextPowerOff(after: start))
        if !table.receptions.isEmpty {
            table.packetsReceived += table.receptions.count
            // A rotated address is a new transmitter to the scanner: a new ranging source.
            let source = index + beacon.addressGeneration * beacons.count
            for reception in table.receptions {
                phones[reception.phone].receive(
                    beacon.frame, source: source, rssi: reception.rssi, at: SimTime(nanoseconds: reception.time))
            }
            for phoneIndex in phones.indices where phones[phoneIndex].needsRefresh {
                reschedule(phone: phoneIndex, table: &table)
            }
        }
        queue.replaceTop(at: simulator.now + .nanoseconds(beacon.nextEventGap()))
    }
}
