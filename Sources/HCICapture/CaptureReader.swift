// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising

/// Streams a btsnoop, pcap or pcapng capture: records, HCI packets, or advertising observations.
///
/// The file is read in 64 KiB chunks through a small buffer, so memory stays constant whatever its
/// size. Container damage (truncation, impossible lengths, bad magic) throws `CaptureError` with the
/// byte offset; damaged packets inside intact records (a malformed HCI event, a bad-CRC air PDU) do
/// not stop reading and are counted in `statistics`. Use one of `nextRecord()`, `nextHCIPacket()`
/// or `nextObservation()` per reader: each consumes records.
public final class CaptureReader {
    public let format: CaptureFormat
    public private(set) var statistics = CaptureStatistics()
    /// Byte offset of the record read last (nil before the first): where an observation came from.
    public private(set) var recordOffset: Int64?
    /// The simulation a `beaconsim run --capture` file came from, once its marker has been read.
    public private(set) var simulationMarker: SimulationMarker?
    /// Byte offset of the record that holds `simulationMarker`.
    public private(set) var simulationMarkerOffset: Int64?
    /// The latest record timestamp read so far (Unix nanoseconds); nil before the first record.
    /// A marker's duration is bounded by it once the file is read (`SimulationMarker.bounded`).
    public private(set) var lastTimestamp: Int64?

    private let reader: any _RecordReading
    private var pending: [AdvertisingObservation] = []
    private var pendingIndex = 0
    private var assembler = LEExtendedReportAssembler()

    /// Opens the file at `path`; throws `badMagic` for an unknown format.
    public convenience init(path: String) throws {
        try self.init(source: try _ByteSource(path: path))
    }

    /// Reads a capture held in memory (tests, fuzzing, data received over a network).
    public convenience init(bytes: [UInt8]) throws {
        try self.init(source: _ByteSource(bytes: bytes))
    }

    private init(source: _ByteSource) throws {
        let magic = Array(try source.peek(8))
        if magic.starts(with: Array("btsnoop".utf8)) {
            format = .btsnoop
            reader = try _BtsnoopReader(source: source)
        } else if magic.count >= 4, magic.u32(0, bigEndian: true) == _PcapngReader.sectionHeaderType {
            format = .pcapng
            reader = try _PcapngReader(source: source)
        } else if magic.count >= 4,
            [_PcapReader.microsecondMagic, _PcapReader.nanosecondMagic].contains(magic.u32(0, bigEndian: true))
                || [_PcapReader.microsecondMagic, _PcapReader.nanosecondMagic].contains(magic.u32(0, bigEndian: false))
        {
            format = .pcap
            reader = try _PcapReader(source: source)
        } else if magic.count < 4 {
            throw CaptureError.truncated("file magic", at: 0, need: 4, have: Int64(magic.count))
        } else {
            throw CaptureError(
                code: .badMagic, offset: 0,
                message: "unknown capture format at byte offset 0: not btsnoop, pcap or pcapng")
        }
    }

    /// The link types declared so far (pcapng declares them as interfaces appear).
    public var linkTypes: [CaptureLinkType] { reader.linkTypes }

    /// The next raw record, or nil at the end of the file.
    public func nextRecord() throws -> CaptureRecord? {
        guard let record = try reader.next() else { return nil }
        statistics.records += 1
        recordOffset = record.fileOffset
        lastTimestamp = max(lastTimestamp ?? record.timestamp, record.timestamp)
        return record
    }

    /// The next HCI packet of an HCI capture, skipping records that carry none (and air records).
    public func nextHCIPacket() throws -> TimestampedHCIPacket? {
        while let record = try nextRecord() {
            if let packet = _HCIRecordDecoder.packet(from: record) {
                statistics.hciPackets += 1
                return packet
            }
            statistics.skippedRecords += 1
        }
        return nil
    }

    /// The next advertising observation: one per LE advertising report (HCI captures; extended
    /// fragments joined) or per advertiser's PDU on the advertising access address (air captures).
    public func nextObservation() throws -> AdvertisingObservation? {
        while true {
            if pendingIndex < pending.count {
                defer { pendingIndex += 1 }
                return pending[pendingIndex]
            }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            guard let record = try nextRecord() else { return nil }
            if record.linkType.isAir {
                decodeAir(record)
            } else if let packet = _HCIRecordDecoder.packet(from: record) {
                statistics.hciPackets += 1
                decodeHCI(packet)
            } else {
                statistics.skippedRecords += 1
            }
        }
    }

    /// Calls `body` with every remaining observation.
    public func forEachObservation(_ body: (AdvertisingObservation) throws -> Void) throws {
        while let observation = try nextObservation() { try body(observation) }
    }

    private func decodeHCI(_ packet: TimestampedHCIPacket) {
        guard packet.packet.type == .event else { return }
        statistics.hciEvents += 1
        let decoded: (event: HCIEvent, unreadableReports: Int, damage: CaptureError?)
        do {
            decoded = try HCIEvent.salvaging(packet.packet)
        } catch {
            statistics.malformedPackets += 1
            return
        }
        if decoded.damage != nil {
            // A batch cut short keeps its complete reports; the rest are counted.
            statistics.malformedPackets += 1
            statistics.unreadableReports += decoded.unreadableReports
        }
        if simulationMarker == nil, let marker = SimulationMarker(event: decoded.event, timestamp: packet.timestamp) {
            simulationMarker = marker
            simulationMarkerOffset = recordOffset
            return
        }
        guard case .leAdvertisingReports(let reports) = decoded.event else { return }
        for report in reports {
            statistics.advertisingReports += 1
            if let complete = assembler.add(report) {
                pending.append(AdvertisingObservation(report: complete, timestamp: packet.timestamp))
            }
        }
    }

    private func decodeAir(_ record: CaptureRecord) {
        switch _AirRecordDecoder.decode(record) {
        case .notAdvertising:
            statistics.otherAirPackets += 1
        case .unparsedAdvertisingChannel(let crcValid):
            statistics.advertisingChannelPackets += 1
            if !crcValid { statistics.badCRCPackets += 1 }
        case .observation(let observation):
            statistics.advertisingChannelPackets += 1
            statistics.advertisingReports += 1
            if observation.crcValid == false { statistics.badCRCPackets += 1 }
            pending.append(observation)
        }
    }
}
