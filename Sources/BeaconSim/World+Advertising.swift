// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import RadioPropagation
internal import SimulationCore

extension World {
    /// One advertising event: three PDUs 0.4 ms apart on channels 37, 38, 39, each heard by every
    /// phone whose radio listens at that instant and whose link delivers it.
    ///
    /// Geometry (distance, walls, body) and shadowing are computed once per event and phone — the
    /// phone moves about 0.1 cm in 0.8 ms — while fading, noise and packet errors are drawn per PDU.
    /// Links whose mean power plus shadowing lies more than `RadioConfiguration.unreachableMargin`
    /// below sensitivity cannot deliver a packet and are skipped without drawing.
    func advertise(beacon index: Int) {
        let beacon = beacons[index]
        let collisionsOn = propagation.configuration.collisionsEnabled
        guard beacon.powered else {
            if collisionsOn { for phone in phoneRadio.indices { phoneRadio[phone].collisions.remove(beacon: index) } }
            return
        }
        let intervalSeconds = Double(beacon.interval) / 1e9
        let start = simulator.now.nanoseconds
        let spacing = AdvertisingTiming.channelSpacingNanoseconds
        packetsSent += 3
        let configuration = propagation.configuration
        let floor = configuration.sensitivity - configuration.unreachableMargin
        for phoneIndex in phones.indices {
            let phone = phones[phoneIndex]
            guard phone.isListening(at: start) || phone.isListening(at: start + spacing)
                || phone.isListening(at: start + 2 * spacing)
            else { continue }
            let state = phone.cursor.state(at: start)
            let mean = propagation.meanPower(
                measuredPower: beacon.measuredPower, beacon: beacon.position, beaconFloor: beacon.floor,
                phone: state.position, phoneFloor: state.floor, heading: state.heading, body: phone.body,
                receiverOffset: phoneRadio[phoneIndex].receiverOffset)
            let base = mean.dBm + phone.links[index].shadowing(at: state.position, configuration: configuration)
            var collision = 0.0
            if collisionsOn {  // once per event: this beacon's level at the phone, then the risk from the others
                phoneRadio[phoneIndex].collisions.update(beacon: index, dBm: base, interval: intervalSeconds)
                collision = phoneRadio[phoneIndex].collisions.collisionProbability(wanted: index, dBm: base)
            }
            guard base >= floor else { continue }
            for channel in 0..<3 {
                let time = start + Int64(channel) * spacing
                guard phone.isListening(at: time),
                    collision == 0 || phoneRadio[phoneIndex].collisionDraws.uniform() >= collision,
                    let rssi = phone.links[index].receive(
                        base: base, lineOfSight: mean.lineOfSight, speed: state.speed, channelIndex: channel,
                        timeNanoseconds: time, configuration: configuration, errors: packetErrors)
                else { continue }
                packetsReceived += 1
                phone.receive(beacon.frame, rssi: rssi, at: SimTime(nanoseconds: time))
            }
            if phone.monitor.deadlineVersion != deadlineVersions[phoneIndex] { reschedule(phone: phoneIndex) }
        }
        simulator.schedule(.advertise(beacon: index), after: .nanoseconds(beacon.nextEventGap()))
    }
}
