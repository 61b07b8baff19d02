// SPDX-License-Identifier: GPL-3.0-or-later
internal import Experiments

/// The check/sweep manifest reader on arbitrary bytes as `manifest.json`: it reads, with every
/// field within what the writer could have produced (shard index below its count, items within
/// `Experiment.maximumItems`, every grid point's values at hand), or throws `ExperimentError`
/// located at the manifest — never a trap, never an allocation sized by a field (issue 30: a
/// negative shard count and a huge replication count trapped).
enum ManifestFuzzing {
    static func run(_ bytes: [UInt8]) {
        do {
            check(try ShardFiles(manifest: bytes, directory: "shard"))
        } catch let error as ExperimentError {
            check(error, in: ["shard/manifest.json"])
        } catch {
            FuzzTarget.fail("manifest reader: unexpected error type \(error)")
        }
    }

    static func check(_ read: ShardFiles) {
        guard (1...Experiment.maximumItems).contains(read.shard.count), (0..<read.shard.count).contains(read.shard.index)
        else { FuzzTarget.fail("shard \(read.shard) accepted") }
        guard (1...Experiment.maximumItems).contains(read.itemCount), read.itemCount == read.grid.count * read.replications
        else { FuzzTarget.fail("\(read.itemCount) items accepted") }
        for point in Set([0, read.grid.count / 2, read.grid.count - 1]) {
            guard read.grid.values(at: point).count == read.grid.axes.count else {
                FuzzTarget.fail("grid point \(point) has the wrong number of values")
            }
        }
    }

    /// An error names one of `files` (optionally `:LINE`), and its message is not empty.
    static func check(_ error: ExperimentError, in files: [String]) {
        guard let location = error.location,
            files.contains(where: { location == $0 || location.hasPrefix($0 + ":") }), !error.message.isEmpty
        else { FuzzTarget.fail("an unlocated reader error: \(error)") }
    }
}
