// SPDX-License-Identifier: GPL-3.0-or-later
internal import HCICapture

/// HCI events on arbitrary bytes: the first byte splits the rest into an event packet and an H4
/// stream. Decoding never traps; the salvaging decoder keeps only complete reports, at most as many
/// as announced, and agrees with the strict one when nothing is damaged; the H4 reassembler gives the
/// same packets whatever the chunking; observations and beacon frames are built from every report.
enum EventFuzzing {
    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let rest = Array(bytes.dropFirst())
        decode(HCIPacket(type: .event, bytes: rest))
        reassemble(rest, chunk: Int(first % 7) + 1)
    }

    static func decode(_ packet: HCIPacket) {
        let strict = try? HCIEvent(packet: packet)
        guard let salvaged = try? HCIEvent.salvaging(packet) else {
            if strict != nil { FuzzTarget.fail("strict decoding accepted what salvaging refused") }
            return
        }
        if salvaged.damage == nil, strict != salvaged.event { FuzzTarget.fail("strict and salvaging disagree") }
        if salvaged.damage != nil, strict != nil { FuzzTarget.fail("strict decoding accepted a damaged event") }
        guard case .leAdvertisingReports(let reports) = salvaged.event else { return }
        // num_reports counts only when the parameter length covers it (byte 1 = length ≥ 2).
        let announced = packet.bytes.count > 3 && packet.bytes[1] >= 2 ? Int(packet.bytes[3]) : 0
        if reports.count + salvaged.unreadableReports != announced {
            FuzzTarget.fail("\(reports.count) reports + \(salvaged.unreadableReports) unreadable ≠ \(announced) announced")
        }
        var assembler = LEExtendedReportAssembler()
        for report in reports {
            guard let complete = assembler.add(report) else { continue }
            let observation = AdvertisingObservation(report: complete, timestamp: 0)
            _ = observation.beaconFrames
            _ = complete.legacyEventPacket
        }
    }

    /// Reassembles `bytes` whole and in pieces of `chunk` bytes: the packets must be the same up to
    /// the first unknown indicator.
    static func reassemble(_ bytes: [UInt8], chunk: Int) {
        var whole = H4StreamReassembler()
        var wholePackets: [HCIPacket] = []
        do { wholePackets = try whole.append(bytes) } catch {}
        while let more = try? whole.append([]), !more.isEmpty { wholePackets += more }
        var pieces = H4StreamReassembler()
        var piecePackets: [HCIPacket] = []
        var start = 0
        outer: while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            do { piecePackets += try pieces.append(bytes[start..<end]) } catch { break outer }
            start = end
        }
        while let more = try? pieces.append([]), !more.isEmpty { piecePackets += more }
        guard piecePackets == wholePackets else {
            FuzzTarget.fail("chunking changed the packets: \(piecePackets.count) vs \(wholePackets.count)")
        }
        for packet in wholePackets where packet.type == .event { decode(packet) }
    }
}
