// SPDX-License-Identifier: GPL-3.0-or-later
internal import HCICapture

extension BeaconAdvertiser {
    /// Resets the controller and advertises every beacon in an advertising set of its own (LE
    /// Set Extended Advertising Parameters, Data and Enable), each at its own interval with legacy
    /// PDUs (ADV_NONCONN_IND, or ADV_IND when `connectable`), so no rotation across beacons is
    /// needed (a beacon with several frames has its set's data replaced every interval); waits until
    /// `duration` has passed or `stop()` is true, then disables and clears the sets. Throws
    /// `HCIError` when the controller rejects the commands or has fewer sets than beacons.
    public func runExtended(host: HCIHost, duration: Duration?, stop: () -> Bool) throws {
        guard !beacons.isEmpty else { return }
        try host.execute(.reset())
        let reply: [UInt8]
        do {
            reply = try host.execute(.leReadNumberOfSupportedAdvertisingSets())
        } catch let error as HCIError {
            throw HCIError(
                code: error.code, status: error.status,
                message: "the controller does not support extended advertising (\(error.message)); omit --extended")
        }
        let supported = Int(reply.first ?? 0)
        guard beacons.count <= min(supported, 0xEF + 1) else {
            throw HCIError(
                code: .badStatus,
                message: "the controller supports \(supported) advertising sets, \(beacons.count) beacons were given; "
                    + "omit --extended to rotate them in one legacy set")
        }
        let properties =
            connectable
            ? HCICommand.ExtendedEventProperties.legacyConnectable : HCICommand.ExtendedEventProperties.legacyNonconnectable
        for (index, beacon) in beacons.enumerated() {
            let handle = UInt8(index)
            // Legacy PDUs allow 20 ms to 10.24 s (0x20–0x4000 units of 0.625 ms).
            let units = UInt32(min(max(beacon.interval / 625_000, 0x0020), 0x4000))
            try host.execute(
                .leSetExtendedAdvertisingParameters(
                    handle: handle, properties: properties, intervalMin: units, intervalMax: units, sid: handle))
            try host.execute(.leSetExtendedAdvertisingData(handle: handle, data: beacon.advertisingData(forEvent: 0)))
        }
        try host.execute(.leSetExtendedAdvertisingEnable(true, handles: beacons.indices.map { UInt8($0) }))
        let start = ContinuousClock.now
        // A set whose beacon has several frames gets its next frame's data every interval.
        var turns = [UInt64](repeating: 1, count: beacons.count)
        var nextChange = beacons.map { start + .nanoseconds($0.interval) }
        while !stop() {
            let now = ContinuousClock.now
            if let duration, now - start >= duration { break }
            for (index, beacon) in beacons.enumerated() where !beacon.sendsOneFrame && now >= nextChange[index] {
                let elapsed = now - start
                let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
                try host.execute(
                    .leSetExtendedAdvertisingData(
                        handle: UInt8(index), data: beacon.advertisingData(forEvent: turns[index], at: nanoseconds)))
                turns[index] += 1
                nextChange[index] += .nanoseconds(beacon.interval)
            }
            let soonest = beacons.indices.filter { !beacons[$0].sendsOneFrame }.map { nextChange[$0] }.min()
            _ = try host.nextEvent(timeout: min(.milliseconds(100), soonest.map { max(.zero, $0 - now) } ?? .milliseconds(100)))
        }
        try host.execute(.leSetExtendedAdvertisingEnable(false, handles: []))
        try host.execute(.leClearAdvertisingSets())
    }
}
