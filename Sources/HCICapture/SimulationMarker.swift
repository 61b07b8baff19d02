// SPDX-License-Identifier: GPL-3.0-or-later

/// What a capture written by `beaconsim run --capture` carries about the simulation it came from,
/// so that `beaconsim replay` of the file reproduces the run by default: the Unix time of simulated
/// t = 0 (the marker's own timestamp), the simulated duration and the seed.
///
/// It travels as the file's first HCI packet, a Vendor-Specific event (code 0xFF, which the Core
/// spec leaves to vendors and every reader — Wireshark, Android's snoop tools, this one — passes
/// over as opaque): parameters `"BeaconSim"` (ASCII), version 1, the duration in nanoseconds and the
/// seed (both 64-bit little-endian), 26 bytes. One packet works alike in btsnoop (which has no
/// header options) and pcapng.
///
/// The marker is a hint, never trusted beyond the file's own content: a reader bounds its
/// duration by the file's last timestamp (`bounded(byLastTimestamp:)`), so a 200-byte file that
/// claims 720 h cannot make a replay run 720 h. The writer therefore closes a run's capture with
/// an end packet at simulated t = duration (`endPacket`), a vendor event with parameters
/// `"BeaconSim"` and kind 2 (10 bytes), which other readers pass over like the marker.
public struct SimulationMarker: Hashable, Sendable {
    /// Unix nanoseconds of simulated t = 0.
    public var origin: Int64
    /// The simulated duration, nanoseconds.
    public var duration: Int64
    public var seed: UInt64

    public static let eventCode: UInt8 = 0xFF
    static let tag = Array("BeaconSim".utf8)
    static let version: UInt8 = 1

    public init(origin: Int64, duration: Int64, seed: UInt64) {
        self.origin = origin
        self.duration = duration
        self.seed = seed
    }

    /// The marker as a timestamped event packet, controller to host.
    public var packet: TimestampedHCIPacket {
        var parameters = Self.tag + [Self.version]
        parameters.appendLE64(UInt64(bitPattern: duration))
        parameters.appendLE64(seed)
        return TimestampedHCIPacket(
            timestamp: origin, direction: .controllerToHost,
            packet: HCIPacket(type: .event, bytes: [Self.eventCode, UInt8(parameters.count)] + parameters))
    }

    /// The packet closing a run's capture, at `timestamp` (Unix nanoseconds of the run's end).
    public static func endPacket(at timestamp: Int64) -> TimestampedHCIPacket {
        let parameters = tag + [endKind]
        return TimestampedHCIPacket(
            timestamp: timestamp, direction: .controllerToHost,
            packet: HCIPacket(type: .event, bytes: [eventCode, UInt8(parameters.count)] + parameters))
    }
    static let endKind: UInt8 = 2

    /// The marker with its duration cut to the time from its origin to `last`, the file's last
    /// timestamp (0 when `last` is before the origin or the difference overflows).
    public func bounded(byLastTimestamp last: Int64) -> SimulationMarker {
        let (span, overflow) = last.subtractingReportingOverflow(origin)
        var bounded = self
        bounded.duration = max(0, min(duration, overflow ? 0 : span))
        return bounded
    }

    /// The marker an event carries, if it is one (any other vendor event gives nil).
    public init?(event: HCIEvent, timestamp: Int64) {
        guard case .other(let code, let parameters) = event, code == Self.eventCode,
            parameters.count == Self.tag.count + 17, parameters.starts(with: Self.tag),
            parameters[Self.tag.count] == Self.version
        else { return nil }
        let start = Self.tag.count + 1
        self.init(
            origin: timestamp, duration: Int64(bitPattern: parameters.u64(start, bigEndian: false)),
            seed: parameters.u64(start + 8, bigEndian: false))
    }
}
