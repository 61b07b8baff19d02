// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import Foundation
public import HCICapture
internal import ScenarioFormat
public import SimulationCore

/// The iBeacon packets of a capture (btsnoop, pcap, pcapng), as a phone would be offered them.
///
/// Capture time is rebased so the first advertising observation of any kind is at t = 0, plus
/// `offset` — or, for a capture `beaconsim run --capture` wrote, so that the simulation's t = 0 is
/// (its `SimulationMarker`), which makes a replay line up with the run. Observations with no iBeacon frame (Eddystone, AltBeacon, other devices) are counted
/// and left out: the iOS phone model only hears iBeacons. An observation without RSSI (127) is also
/// left out, since ranging needs one; HCI reports nearly always carry it.
public struct CaptureReplay: Sendable {
    /// iBeacon packets in time order.
    public var packets: [ReplayPacket]
    /// Advertising observations in the capture (reports or air PDUs).
    public var observations = 0
    /// Observations left out: no iBeacon frame.
    public var otherObservations = 0
    /// Observations left out: iBeacon without RSSI.
    public var withoutRSSI = 0
    /// The capture time taken as t = 0 (before `offset`), Unix nanoseconds: the simulation's origin
    /// for a BeaconSim capture, else the first observation's time (nil for a capture with none).
    public var captureStart: Int64?
    /// The simulation a `run --capture` file came from (origin, duration, seed); nil for others.
    public var simulation: SimulationMarker?
    /// Time of the last observation of any kind (rebased); zero for an empty capture.
    public var lastObservation: SimTime = .zero
    /// SHA-256 of the capture file, lower-case hex.
    public var sha256: String
    /// The capture's format name (btsnoop, pcap, pcapng).
    public var format: String

    /// Reads the capture at `path`. Throws `CaptureError` (with the byte offset) for a damaged file.
    public init(path: String, offset: SimDuration = .zero) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CaptureError(code: .io, offset: nil, message: "cannot read \(path): \(error.localizedDescription)")
        }
        sha256 = SHA256Digest.hex(of: data)
        let reader = try CaptureReader(bytes: Array(data))
        format = reader.format.rawValue
        packets = []
        var start: Int64?
        var sources: [IBeaconIdentity: Int] = [:]
        try reader.forEachObservation { observation in
            observations += 1
            let origin = start ?? reader.simulationMarker?.origin ?? observation.timestamp
            start = origin
            let time = SimTime(nanoseconds: observation.timestamp - origin) + offset
            lastObservation = max(lastObservation, time)
            let frames = observation.beaconFrames.compactMap { frame -> IBeaconFrame? in
                if case .ibeacon(let beacon) = frame { return beacon }
                return nil
            }
            guard !frames.isEmpty else {
                otherObservations += 1
                return
            }
            guard let rssi = observation.rssi else {
                withoutRSSI += 1
                return
            }
            for frame in frames {
                let source = sources[frame.identity] ?? sources.count
                sources[frame.identity] = source
                packets.append(ReplayPacket(time: time, frame: frame, rssi: Int(rssi), source: source))
            }
        }
        simulation = reader.simulationMarker
        captureStart = start ?? simulation?.origin
        packets.sort { $0.time < $1.time }
    }
}
