// SPDX-License-Identifier: GPL-3.0-or-later
internal import HCICapture

/// The simulation marker on arbitrary bytes: the first 16 bytes are the marker's timestamp and the
/// file's last timestamp, the rest its parameters after `"BeaconSim"`. Reading it never traps, and
/// once bounded by the last timestamp its duration lies in 0 … max(0, last − origin) — a marker
/// claiming 720 h in a file of one second cannot make a replay run 720 h (issue 30). The same bytes
/// as a btsnoop file's two records go through the reader, whose marker must obey the same bound.
enum MarkerFuzzing {
    static func run(_ bytes: [UInt8]) {
        guard bytes.count >= 16 else { return }
        let origin = Int64(bitPattern: bytes.prefix(8).reduce(0) { $0 << 8 | UInt64($1) })
        let last = Int64(bitPattern: bytes.dropFirst(8).prefix(8).reduce(0) { $0 << 8 | UInt64($1) })
        let parameters = Array("BeaconSim".utf8) + bytes.dropFirst(16).prefix(200)
        let event = HCIEvent.other(code: SimulationMarker.eventCode, parameters: parameters)
        guard let marker = SimulationMarker(event: event, timestamp: origin) else { return }
        check(marker.bounded(byLastTimestamp: last), last: last)
        let reader = try? CaptureReader(bytes: btsnoop(marker: marker.packet, lastMicroseconds: last / 1_000))
        while (try? reader?.nextObservation()) != nil {}
        if let reader, let read = reader.simulationMarker, let lastTimestamp = reader.lastTimestamp {
            check(read.bounded(byLastTimestamp: lastTimestamp), last: lastTimestamp)
        }
    }

    static func check(_ marker: SimulationMarker, last: Int64) {
        let (span, overflow) = last.subtractingReportingOverflow(marker.origin)
        let limit = overflow ? 0 : max(0, span)
        guard (0...limit).contains(marker.duration) else {
            FuzzTarget.fail("a marker's duration \(marker.duration) passes the file's span \(limit)")
        }
    }

    /// A btsnoop file (H4) of the marker and one more vendor event at `lastMicroseconds`.
    static func btsnoop(marker: TimestampedHCIPacket, lastMicroseconds: Int64) -> [UInt8] {
        func record(_ microseconds: Int64, _ packet: [UInt8]) -> [UInt8] {
            var bytes: [UInt8] = []
            for value in [UInt32(packet.count), UInt32(packet.count), 3, 0] {
                bytes += withUnsafeBytes(of: value.bigEndian, Array.init)
            }
            return bytes + withUnsafeBytes(of: (microseconds &+ 0x00dc_ddb3_0f2f_8000).bigEndian, Array.init) + packet
        }
        return Array("btsnoop".utf8) + [0, 0, 0, 0, 1, 0, 0, 0x03, 0xEA]
            + record(marker.timestamp / 1_000, [0x04] + marker.packet.bytes) + record(lastMicroseconds, [0x04, 0xFF, 1, 0])
    }
}
