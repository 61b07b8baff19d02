// SPDX-License-Identifier: GPL-3.0-or-later

/// Which frame each advertising event of a multi-frame beacon carries.
///
/// One frame per advertising event: the identifying frames take turns, round-robin in the order
/// given, and with telemetry one event in every `tlmEvery` carries an Eddystone-TLM instead — the
/// `tlmEvery`-th, 2·`tlmEvery`-th, … (google/eddystone `eddystone-tlm/tlm-plain.md`, "Interleaving
/// Telemetry": TLM frames "should be interleaved with an identifying frame", one per ID frame or at
/// a lower ratio, from the same device address). Real multi-frame beacons let each slot have its
/// own interval; here every frame shares the beacon's one interval (L: a simplification).
public struct FrameRotation: Hashable, Sendable {
    /// The identifying frames in turn order (never TLM); at least one.
    public let frames: [AdvertisedFrame]
    /// One event in `tlmEvery` carries a TLM frame (2: TLM and identifying frames 1:1); 0: no TLM.
    public let tlmEvery: Int

    /// Nil when `frames` is empty or `tlmEvery` is 1 or negative (every event a TLM: no identity).
    public init?(frames: [AdvertisedFrame], tlmEvery: Int = 0) {
        guard !frames.isEmpty, tlmEvery == 0 || tlmEvery >= 2 else { return nil }
        self.frames = frames
        self.tlmEvery = tlmEvery
    }

    /// Every event carries `frame`.
    public init(single frame: AdvertisedFrame) {
        frames = [frame]
        tlmEvery = 0
    }

    /// Whether every event carries the same frame.
    public var isSingleFrame: Bool { frames.count == 1 && tlmEvery == 0 }

    /// The frame of the beacon's `event`-th advertising event (from 0).
    public func frame(forEvent event: UInt64) -> AdvertisedFrame {
        guard tlmEvery > 0 else { return frames[Int(event % UInt64(frames.count))] }
        let every = UInt64(tlmEvery)
        if (event + 1) % every == 0 { return .eddystoneTLM(advertisingEvent: UInt32(truncatingIfNeeded: event)) }
        let identifying = event - (event + 1) / every  // events before this one that carried an identifying frame
        return frames[Int(identifying % UInt64(frames.count))]
    }
}
