// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
public import HCICapture
internal import PhoneModel
internal import SimulationCore

/// Writes the HCI traffic one simulated phone's controller would have exchanged with its host
/// (`beaconsim run --capture`): Reset, LE Set Scan Parameters and LE Set Scan Enable commands, each
/// answered by a Command Complete with status Success, whenever the phone starts or stops scanning
/// or its scan pattern changes; and one legacy LE Advertising Report event (subevent 0x02,
/// ADV_NONCONN_IND, random static address derived from the beacon's first frame's identity) per
/// packet received in a scan window, with the simulated RSSI and the frame's real AdvData
/// (`AdvertisedFrame.advertisingData(at:)`: iBeacon, AltBeacon, Eddystone UID/URL/TLM).
///
/// The first packet is a `SimulationMarker` (a vendor-specific event) giving simulated t = 0, the
/// duration and the seed, from which `beaconsim replay` rebuilds the run's timing.
///
/// Timestamps are `epoch` + simulated time, so a file is byte-identical for the same scenario and
/// seed. Scan intervals and windows are written in the controller's 0.625 ms units, clamped to the
/// command's range 0x0004–0x4000 (2.5 ms–10.24 s; Core spec Vol 4 Part E §7.8.10): a software
/// background pattern of minutes is host-driven on a real phone, and the reports still follow the
/// simulated windows.
public final class PhoneHCIRecorder: PhoneRadioObserver {
    /// 2026-01-01T00:00:00Z in Unix nanoseconds: simulated t = 0.
    public static let defaultEpoch: Int64 = 1_767_225_600_000_000_000

    /// Advertising reports written so far (= packets the phone received).
    public private(set) var reportCount = 0
    /// Commands written so far.
    public private(set) var commandCount = 0
    private let epoch: Int64
    private let write: (TimestampedHCIPacket) throws -> Void
    private var scanning: ScanPattern?
    private var hasReset = false
    private var firstError: (any Error)?
    /// Per beacon (a packet's source modulo their count), the battery whose voltage its TLM frames
    /// report, where the scenario gives its age (`batteryAge`); set on attaching.
    var batteries: [BeaconBatteryEstimate?] = []

    /// A recorder handing every packet to `write` (e.g. `BtsnoopWriter.write`). An error thrown by
    /// `write` stops recording and is rethrown by `finish()`.
    public init(epoch: Int64 = PhoneHCIRecorder.defaultEpoch, write: @escaping (TimestampedHCIPacket) throws -> Void) {
        self.epoch = epoch
        self.write = write
    }

    /// Writes the `SimulationMarker` (simulated t = 0 at `epoch`, the duration and the seed) as the
    /// file's first packet, so that `beaconsim replay` reproduces the run; called on attaching.
    func markSimulation(duration: Int64, seed: UInt64) {
        emit(SimulationMarker(origin: epoch, duration: duration, seed: seed).packet)
        markedDuration = duration
    }
    private var markedDuration: Int64?

    /// Closes a marked capture with the end packet at simulated t = duration (so a reader can
    /// bound the marker by the file's content) and rethrows the first write error, if any.
    public func finish() throws {
        if let duration = markedDuration {
            markedDuration = nil
            emit(SimulationMarker.endPacket(at: stamp(SimTime(nanoseconds: duration))))
        }
        if let firstError { throw firstError }
    }

    func scanPatternMayHaveChanged(_ pattern: ScanPattern?, at time: SimTime) {
        let wanted = pattern.flatMap { $0.isOff ? nil : $0 }
        guard wanted != scanning else { return }
        if scanning != nil { command(.leSetScanEnable(false), at: time) }
        if let wanted {
            if !hasReset {
                command(.reset(), at: time)
                hasReset = true
            }
            let interval = Self.units(wanted.interval)
            command(.leSetScanParameters(interval: interval, window: min(interval, Self.units(wanted.window))), at: time)
            command(.leSetScanEnable(true), at: time)
        }
        scanning = wanted
    }

    func received(_ frame: AdvertisedFrame, from address: BluetoothAddress, source: Int, rssi: Int, at time: SimTime) {
        let report = LEAdvertisingReport(
            kind: .legacy, eventType: 3, addressType: 1, address: address, rssi: Int8(clamping: rssi),
            data: frame.advertisingData(at: time.nanoseconds, batteryMillivolts: tlmMillivolts(frame, source: source, at: time)))
        emit(TimestampedHCIPacket(timestamp: stamp(time), direction: .controllerToHost, packet: report.legacyEventPacket))
        reportCount += 1
    }

    /// The VBATT `frame` carries if it is a TLM frame from `source` at `time`: 3000 mV unless its
    /// beacon's battery has an age.
    func tlmMillivolts(_ frame: AdvertisedFrame, source: Int, at time: SimTime) -> UInt16 {
        guard case .eddystoneTLM = frame else { return 3000 }
        guard !batteries.isEmpty else { return 3000 }
        let battery = batteries[source % batteries.count]
        return battery?.tlmMillivolts(atSeconds: Double(time.nanoseconds) / 1e9) ?? 3000
    }

    /// A duration in 0.625 ms units, clamped to 0x0004–0x4000.
    static func units(_ duration: SimDuration) -> UInt16 {
        UInt16(clamping: min(max(duration.nanoseconds / 625_000, 0x0004), 0x4000))
    }

    /// A random static address (two top bits set) from the identity's bits: stable across runs.
    /// Computed for every iBeacon event a phone with radio observers hears, so without an array.
    static func address(of identity: IBeaconIdentity) -> BluetoothAddress {
        let words = mix(
            mix(mix(basis, identity.uuid.high), identity.uuid.low), UInt64(identity.major) << 16 | UInt64(identity.minor))
        return address(hash: words)
    }

    /// A random static address (two top bits set) hashed from `words` (FNV-1a style).
    static func address(words: [UInt64]) -> BluetoothAddress { address(hash: words.reduce(basis, mix)) }

    private static let basis: UInt64 = 0xCBF2_9CE4_8422_2325

    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let hash = (hash ^ word) &* 0x0000_0100_0000_01B3
        return hash ^ hash >> 29
    }

    private static func address(hash: UInt64) -> BluetoothAddress {
        BluetoothAddress(value: (hash & 0xFFFF_FFFF_FFFF) | 0xC000_0000_0000)
    }

    private func command(_ command: HCICommand, at time: SimTime) {
        let timestamp = stamp(time)
        emit(TimestampedHCIPacket(timestamp: timestamp, direction: .hostToController, packet: command.packet))
        emit(
            TimestampedHCIPacket(
                timestamp: timestamp, direction: .controllerToHost,
                packet: HCIEvent.commandCompletePacket(opcode: command.opcode)))
        commandCount += 1
    }

    private func stamp(_ time: SimTime) -> Int64 { epoch &+ time.nanoseconds }

    private func emit(_ packet: TimestampedHCIPacket) {
        guard firstError == nil else { return }
        do { try write(packet) } catch { firstError = error }
    }
}
