// SPDX-License-Identifier: GPL-3.0-or-later
internal import HCICapture

extension BeaconAdvertiser {
    /// Resets the controller and advertises every beacon in an advertising set of its own (LE
    /// Set Extended Advertising Parameters, Data and Enable), each at its own interval with legacy
    /// PDUs (ADV_NONCONN_IND, or ADV_IND when `connectable`), so no rotation is needed; waits until
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
            try host.execute(.leSetExtendedAdvertisingData(handle: handle, data: beacon.frame.advertisingData))
        }
        try host.execute(.leSetExtendedAdvertisingEnable(true, handles: beacons.indices.map { UInt8($0) }))
        let start = ContinuousClock.now
        while !stop() {
            if let duration, ContinuousClock.now - start >= duration { break }
            _ = try host.nextEvent(timeout: .milliseconds(100))
        }
        try host.execute(.leSetExtendedAdvertisingEnable(false, handles: []))
        try host.execute(.leClearAdvertisingSets())
    }
}
