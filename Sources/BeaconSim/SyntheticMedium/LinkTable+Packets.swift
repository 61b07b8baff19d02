// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import RadioPropagation
internal import SimulationCore

/// The per-packet questions of `LinkTable.advertise`: whether the phone listens, whether the link
/// delivers the packet, and whether the phone's scan takes it; and the check of the table's shape
/// that the loop's unchecked accesses rest on.
extension LinkTable {
    /// Checks what the event loop's `unchecked:` accesses rely on: every per-link array holds a
    /// link per beacon and phone, and every per-phone array an entry per phone (three receptions
    /// each). Called once, by `init`: the arrays are `FlatArray`s, which never change length,
    /// and are assigned only there. (The loop's beacon index is checked by its first access.)
    mutating func checkShape(phones: Int) {
        let links = beacons.count * phones
        precondition(radios.count == links && paths.count == links && quietEnds.count == links)
        precondition(
            cursors.count == phones && spans.count == phones && patterns.count == phones && scanGates.count == phones
                && candidates.count == phones && receivers.count == phones && receptions.count == 3 * phones)
    }

    /// The checking build's test of an event's output (`BEACONSIM_INTERNAL_CHECKS`): receivers in
    /// increasing phone order, each with at least one reception, the last ending at `receptionCount`,
    /// and each phone's receptions in time order.
    func checkReceptions() {
        var start = 0
        for receiver in 0..<receiverCount {
            let (phone, end) = (receivers[receiver].phone, receivers[receiver].end)
            precondition(end > start && end <= receptionCount, "link table: a receiver without receptions")
            if receiver > 0 { precondition(phone > receivers[receiver - 1].phone, "link table: receivers out of order") }
            for index in start + 1..<end {
                precondition(receptions[index].time > receptions[index - 1].time, "link table: receptions out of order")
            }
            start = end
        }
        precondition(start == receptionCount, "link table: receptions without a receiver")
    }

    /// Whether the phone's scan takes one more packet of this link in the slot of `time` (its
    /// packet limit per slot), counting it.
    mutating func takes(link: Int, phone: Int, at time: Int64) -> Bool {
        let slot = time / DeviceProfile.scanSlotNanoseconds
        if slotPackets[link].slot != slot { slotPackets[link] = (slot, 0) }
        guard slotPackets[link].count < packetLimits[phone] else { return false }
        slotPackets[link].count += 1
        return true
    }

    /// Whether phone `index` listens at any of an event's first `channels` packets. Always
    /// inlined, as `listens(phone:at:)`: the event loop asks it of every phone not known quiet.
    @inline(__always)
    mutating func listens(phone index: Int, during start: Int64, channels: Int) -> Bool {
        let spacing = AdvertisingTiming.channelSpacingNanoseconds
        return listens(phone: index, at: start) || (channels > 1 && listens(phone: index, at: start + spacing))
            || (channels > 2 && listens(phone: index, at: start + 2 * spacing))
    }

    /// Whether phone `index` takes every packet of an event sent from `first` to `last` (ns) that
    /// its link delivers, asking nothing per packet: it listens throughout (the span kept by
    /// `listens(phone:during:channels:)` covers both ends) and its scan ceiling never closes (a
    /// gate with a ceiling of 1 draws nothing and is always open). Always inlined, as `listens`.
    @inline(__always)
    mutating func takesEveryChannel(phone index: Int, from first: Int64, to last: Int64) -> Bool {
        spans[unchecked: index].listening && spans[unchecked: index].contains(first)
            && spans[unchecked: index].contains(last) && scanGates[unchecked: index].ceiling >= 1
    }

    /// Whether phone `index` listens at `time` (ns): the kept span's answer when it covers `time`,
    /// else the schedule's (`ListeningSchedule.span(at:)`), kept for the next question. Only for
    /// `advertise`'s phones (`checkShape`). Always inlined: the kept span almost always answers.
    @inline(__always)
    mutating func listens(phone index: Int, at time: Int64) -> Bool {
        if spans[unchecked: index].contains(time) { return spans[unchecked: index].listening }
        guard let pattern = patterns[unchecked: index] else { return false }
        spans[unchecked: index] = pattern.span(at: SimTime(nanoseconds: time))
        return spans[unchecked: index].listening
    }

    /// One packet of link `link` (to phone `phone`, one of `advertise`'s: `checkShape`) on `channel`:
    /// its reported RSSI, or nil when lost.
    mutating func receive(
        link: Int, phone: Int, base: Double, mean: (dBm: Double, lineOfSight: Bool), speed: Double, channel: Int,
        time: Int64, configuration: RadioConfiguration
    ) -> Int? {
        let (shift, offset) = (sensitivityShifts[phone], reportingOffsets[phone])
        if fading.isEmpty {
            var none = FadingState()
            return radios[unchecked: link].receive(
                base: base, lineOfSight: mean.lineOfSight, speed: speed, channelIndex: channel, timeNanoseconds: time,
                configuration: configuration, errors: errors, fading: &none, sensitivityShift: shift,
                reportingOffset: offset)
        }
        return radios[unchecked: link].receive(
            base: base, lineOfSight: mean.lineOfSight, speed: speed, channelIndex: channel, timeNanoseconds: time,
            configuration: configuration, errors: errors, fading: &fading[link], sensitivityShift: shift,
            reportingOffset: offset)
    }
}
