// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Reporting
import Testing

@testable import Sessions

/// The phone shards' scratch files (`ShardSpill`) and their merge (`ShardedReplication.merge`):
/// every line back with its key, across the reader's chunks, and merged in key order.
@Suite("phone shard scratch files")
struct ShardSpillTests {
    /// Line `index` of a spill: its text grows and shrinks, one line is longer than a chunk.
    static func text(_ index: Int) -> String {
        index == 777
            ? String(repeating: "x", count: 3 << 20) : "{\"n\":\(index),\"pad\":\"\(String(repeating: "p", count: index % 97))\"}"
    }

    @Test("lines come back in order with their keys, across chunk boundaries; the file goes with the spill")
    func roundTrip() throws {
        let folder = try ReplicationMeasurementTests.temporaryFolder()
        var path = ""
        do {
            let spill = try ShardSpill(in: folder, name: "test")
            path = spill.url.path
            #expect(spill.url.lastPathComponent.hasPrefix("."))
            for index in 0..<40_000 {
                spill.append(ShardSpill.Key(time: Int64(index) * 1_000_003, rank: Int32(index % 5) - 1)) {
                    $0.append(Self.text(index) + "\n")
                }
            }
            try spill.finish()
            let reader = try ShardSpill.Reader(spill)
            for index in 0..<40_000 {
                let key = try #require(reader.key)
                #expect(key == ShardSpill.Key(time: Int64(index) * 1_000_003, rank: Int32(index % 5) - 1))
                if String(decoding: reader.line, as: UTF8.self) != Self.text(index) + "\n" {
                    Issue.record("line \(index) differs")
                    return
                }
                try reader.advance()
            }
            #expect(reader.key == nil)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("the merge writes lines by time, then rank; equal keys in each spill's order, lower spills first")
    func merge() throws {
        let folder = try ReplicationMeasurementTests.temporaryFolder()
        let entries: [[(Int64, Int32, String)]] = [
            [(0, -1, "world"), (0, 0, "a0"), (0, 0, "a0bis"), (5, 1, "b5"), (9, 0, "a9")],
            [(0, 2, "c0"), (5, 2, "c5"), (7, 3, "d7")],
            [],
        ]
        let spills = try entries.enumerated().map { number, lines in
            let spill = try ShardSpill(in: folder, name: "merge-\(number)")
            for (time, rank, text) in lines { spill.append(ShardSpill.Key(time: time, rank: rank)) { $0.append(text + "\n") } }
            try spill.finish()
            return spill
        }
        let file = try ResultFile("merged.jsonl", in: folder)
        try ShardedReplication.merge(spills, into: file)
        try file.commit()
        let merged = try String(contentsOf: folder.appendingPathComponent("merged.jsonl"), encoding: .utf8)
        #expect(merged == ["world", "a0", "a0bis", "c0", "b5", "c5", "d7", "a9"].map { $0 + "\n" }.joined())
    }
}
