// SPDX-License-Identifier: GPL-3.0-or-later
internal import HCICapture

/// Makes a controller advertise beacons with legacy advertising (LE Set Advertising Parameters,
/// Data and Enable; Core spec Vol 4 Part E §7.8.5–9).
///
/// One beacon: advertising at its interval. Several: the controller advertises at the shortest
/// interval divided by their number (at least 20 ms, the legacy minimum), and the host replaces
/// the advertising data every such slot, so each beacon goes out about once per shortest interval.
/// A beacon with several frames sends the next of them at each of its turns (`FrameRotation`).
/// Intervals are written in 0.625 ms units, clamped to 0x0020–0x4000 (20 ms–10.24 s).
public struct BeaconAdvertiser {
    public var beacons: [AdvertisedBeacon]
    /// ADV_IND (connectable undirected) instead of ADV_NONCONN_IND: Bumble's virtual controller
    /// relays only ADV_IND (formats.md §8.2, caveat 2).
    public var connectable: Bool

    public init(beacons: [AdvertisedBeacon], connectable: Bool = false) {
        self.beacons = beacons
        self.connectable = connectable
    }

    /// The slot length in nanoseconds: one beacon's turn.
    public var slot: Int64 {
        let shortest = beacons.map(\.interval).min() ?? 100_000_000
        return max(20_000_000, shortest / Int64(max(1, beacons.count)))
    }

    /// Resets the controller, starts advertising, rotates the data until `duration` has passed
    /// or `stop()` is true, then disables advertising. Returns the number of data changes.
    ///
    /// A beacon with several frames (`FrameRotation`) sends its next frame at each of its turns, so
    /// alone it changes the data every slot (its interval) and interleaves its frames as the
    /// simulation does, one frame per advertising event.
    @discardableResult
    public func run(host: HCIHost, duration: Duration?, stop: () -> Bool) throws -> Int {
        guard let first = beacons.first else { return 0 }
        try host.execute(.reset())
        let units = UInt16(clamping: min(max(slot / 625_000, 0x0020), 0x4000))
        try host.execute(
            .leSetAdvertisingParameters(intervalMin: units, intervalMax: units, advertisingType: connectable ? 0 : 3))
        try host.execute(.leSetAdvertisingData(first.advertisingData(forEvent: 0)))
        try host.execute(.leSetAdvertisingEnable(true))
        let start = ContinuousClock.now
        let slotDuration = Duration.nanoseconds(slot)
        let rotates = beacons.count > 1 || !first.sendsOneFrame
        var next = start + slotDuration
        var index = 0
        var turns = [UInt64](repeating: 0, count: beacons.count)  // events each beacon has had
        turns[0] = 1
        var changes = 0
        while !stop() {
            if let duration, ContinuousClock.now - start >= duration { break }
            let wait = rotates ? max(.zero, next - ContinuousClock.now) : .milliseconds(100)
            _ = try host.nextEvent(timeout: min(wait, .milliseconds(100)))
            if rotates, ContinuousClock.now >= next {
                index = (index + 1) % beacons.count
                let elapsed = ContinuousClock.now - start
                let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
                try host.execute(.leSetAdvertisingData(beacons[index].advertisingData(forEvent: turns[index], at: nanoseconds)))
                turns[index] += 1
                changes += 1
                next += slotDuration
            }
        }
        try host.execute(.leSetAdvertisingEnable(false))
        return changes
    }
}
