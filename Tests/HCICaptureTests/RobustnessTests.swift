// SPDX-License-Identifier: GPL-3.0-or-later
import HCICapture
import TestSupport
import Testing

/// Truncated and mutated inputs: readers either read cleanly or throw `CaptureError`; they never trap
/// and never loop forever.
struct RobustnessTests {
    /// Reads everything; returns the number of observations, or the error. Bounded: a reader must
    /// consume at least one byte per record, so more records than bytes would mean a loop.
    @discardableResult
    static func drain(_ bytes: [UInt8]) -> Result<Int, CaptureError> {
        do {
            let reader = try CaptureReader(bytes: bytes)
            var count = 0
            while try reader.nextObservation() != nil {
                count += 1
                precondition(count <= bytes.count, "reader loops")
            }
            precondition(reader.statistics.records <= bytes.count, "reader loops")
            return .success(count)
        } catch let error as CaptureError {
            return .failure(error)
        } catch {
            Issue.record("unexpected error type \(error)")
            return .success(-1)
        }
    }

    @Test(arguments: [true, false])
    func everyPrefixReadsOrThrowsWithinBounds(btsnoop: Bool) throws {
        let packets = Array(RoundTripTests.packets.prefix(4))
        let file = btsnoop ? BtsnoopWriter.encode(packets) : PcapngWriter.encode(packets)
        for length in 0...file.count {
            switch Self.drain(Array(file.prefix(length))) {
            case .success(let count): #expect(count <= 3)
            case .failure(let error):
                #expect(error.offset != nil)
                #expect((error.offset ?? .max) <= Int64(length), "\(error.message)")
            }
        }
        #expect(try Self.drain(file).get() == 3)
    }

    @Test(arguments: Fixture.allCases)
    func seededMutationsNeverCrash(_ fixture: Fixture) {
        let original = Array(fixture.bytes.prefix(4096))
        var generator = SplitMix64(seed: 0xBEAC_0051)
        var failures = 0
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0...Int(generator.next() % 8) {
                let index = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 4 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes[index] ^= 1 << UInt8(generator.next() % 8)
                case 2: bytes[index] = [0x00, 0xFF, 0x7F, 0x80][Int(generator.next() % 4)]
                default: bytes = Array(bytes.prefix(index))
                }
                if bytes.isEmpty { break }
            }
            if case .failure = Self.drain(bytes) { failures += 1 }
        }
        // Most mutations hit packet contents, which never stop reading.
        #expect(failures < 2_000)
    }

    @Test func truncatedRealCapturePrefixesReportTheirOffset() {
        let file = Array(Fixture.crackle.bytes.prefix(2048))
        for length in stride(from: 0, through: file.count, by: 7) {
            if case .failure(let error) = Self.drain(Array(file.prefix(length))) {
                #expect((error.offset ?? .max) <= Int64(length))
            }
        }
    }
}
