// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import RadioPropagation
internal import SimulationCore

extension World {
    /// One advertising event of the beacon at the top of the advertising queue: three PDUs 0.4 ms
    /// apart on channels 37, 38, 39, each heard by every phone whose radio listens at that instant
    /// and whose link delivers it.
    ///
    /// Geometry (distance, walls, body) and shadowing are computed once per event and phone — the
    /// phone moves about 0.1 cm in 0.8 ms — and the wall loss comes from the link's
    /// `WallLossProfile` for the phone's current leg; fading, noise and packet errors are drawn per
    /// PDU. Links whose mean power plus shadowing lies more than
    /// `RadioConfiguration.unreachableMargin` below sensitivity cannot deliver a packet and are
    /// skipped without further draws.
    func advertise(beacon index: Int) {
        let beacon = beacons[index]
        guard beacon.powered else {
            advertising.removeTop()
            beacon.queued = false
            return
        }
        let start = simulator.now.nanoseconds
        let spacing = AdvertisingTiming.channelSpacingNanoseconds
        packetsSent += 3
        let configuration = propagation.configuration
        let floor = configuration.sensitivity - configuration.unreachableMargin
        for phoneIndex in phones.indices {
            let phone = phones[phoneIndex]
            guard let pattern = phone.listeningPattern,
                pattern.isListening(at: SimTime(nanoseconds: start))
                    || pattern.isListening(at: SimTime(nanoseconds: start + spacing))
                    || pattern.isListening(at: SimTime(nanoseconds: start + 2 * spacing))
            else { continue }
            let sample = phone.cursor.sample(at: start)
            let wallLoss = phone.paths[index].wallLoss(
                walls: propagation.walls, beacon: beacon.position, trajectory: phone.trajectory, sample: sample)
            let mean = propagation.meanPower(
                measuredPower: beacon.measuredPower, beacon: beacon.position, phone: sample.position,
                heading: sample.heading, body: phone.body, wallLoss: wallLoss)
            let base = mean.dBm + phone.links[index].shadowing(at: sample.position, configuration: configuration)
            guard base >= floor else { continue }
            for channel in 0..<3 {
                let time = start + Int64(channel) * spacing
                guard pattern.isListening(at: SimTime(nanoseconds: time)),
                    let rssi = phone.links[index].receive(
                        base: base, lineOfSight: mean.lineOfSight, speed: sample.speed, channelIndex: channel,
                        timeNanoseconds: time, configuration: configuration, errors: packetErrors)
                else { continue }
                packetsReceived += 1
                phone.receive(beacon.frame, source: index, rssi: rssi, at: SimTime(nanoseconds: time))
            }
            if phone.monitor.deadlineVersion != deadlineVersions[phoneIndex] { reschedule(phone: phoneIndex) }
        }
        advertising.replaceTop(at: simulator.now + .nanoseconds(beacon.nextEventGap()))
    }
}
