// SPDX-License-Identifier: GPL-3.0-or-later
@testable import BeaconSim
@testable import Reporting
import ScenarioFormat
import Testing

/// metrics.json written piece by piece (a file's or standard output's buffer sends each full
/// chunk on), so a crowd's hour of ranging intervals is never one buffer.
@Suite("metrics.json in pieces")
struct MetricsWriterPiecesTests {
    /// `phones` phones with two regions each; region samples as a second-by-second ranging
    /// interval would give them over `seconds` (every value distinct, so no run is shortened).
    static func metrics(phones: Int, seconds: Int) -> [RegionMetrics] {
        (0..<phones).flatMap { phone in
            ["a", "b"].map { region in
                var entry = RegionMetrics(phone: "phone\(phone)", region: region, zone: nil)
                entry.latencies[.rangingInterval] = SampleSeries((0..<seconds).map { 1 + Double($0) * 1e-6 })
                entry.counts[.exits] = phone
                return entry
            }
        }
    }

    static let scenario = Scenario(
        name: "pieces", duration: 3_600_000_000_000, venue: VenueSpec(width: 10, height: 10), beacons: [], phones: [])
    static let result = RunResult(replication: 2, seed: 9, trace: [], packetsSent: 30, packetsReceived: 12, eventsHandled: 0)

    @Test("the pieces make metrics.json's bytes (with or without its newline); one piece per region")
    func sameBytes() {
        let metrics = Self.metrics(phones: 3, seconds: 50)
        let whole = MetricsWriter.text(scenario: Self.scenario, result: Self.result, metrics: metrics)
        for finalNewline in [true, false] {
            var pieces: [String] = []
            MetricsWriter.write(
                scenario: Self.scenario, result: Self.result, metrics: metrics, finalNewline: finalNewline
            ) { piece in
                var out = JSONBytes()
                piece(&out)
                pieces.append(String(decoding: out.bytes, as: UTF8.self))
            }
            #expect(pieces.joined() == (finalNewline ? whole : String(whole.dropLast())))
            #expect(pieces.count == metrics.count + 2, "the counters, each region, the closing brackets")
        }
        #expect(MetricsWriter.text(scenario: Self.scenario, result: Self.result, metrics: []).hasSuffix("\"regions\":[]}\n"))
    }

    @Test("a piece holds one region's entry: it grows with that region's samples, not with the phones")
    func pieceSize() {
        func largest(phones: Int) -> Int {
            var largest = 0
            MetricsWriter.write(
                scenario: Self.scenario, result: Self.result, metrics: Self.metrics(phones: phones, seconds: 3_600)
            ) {
                piece in
                var out = JSONBytes()
                piece(&out)
                largest = max(largest, out.count)
            }
            return largest
        }
        let (ten, hundred) = (largest(phones: 10), largest(phones: 100))
        #expect(hundred <= ten + 64, "largest piece with 10 phones \(ten) bytes, with 100 phones \(hundred) bytes")
    }
}
