// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// Which copy of each shard `merge` uses when a shard was run more than once (a failed array
/// task resubmitted, a shard re-run by hand into the same `--out`).
///
/// - An interrupted copy is passed over when a finished one exists; alone, it is an error.
/// - Identical copies (the same records, as results that depend only on scenario, seed and
///   replication must be): the most recent replaces the earlier ones.
/// - Copies that differ (another tool version, a changed model): the one made by the tool version
///   the other shards were made with is kept, and merge says so; when that does not decide it,
///   merge refuses and names the copies with their versions and times, to pass only the one to keep.
enum ShardCopies {
    typealias Copy = (part: (folder: ExperimentFolder, records: [ReplicationRecord]), directory: URL)

    static func choose(_ copies: [Copy], count: Int) throws -> (kept: [Copy], notes: [String]) {
        let byShard = Dictionary(grouping: copies, by: \.part.folder.shard.index)
        var kept: [Copy] = []
        var notes: [String] = []
        let singleVersions = byShard.values.filter { $0.count == 1 }.compactMap { version(of: $0[0].directory) }
        for index in byShard.keys.sorted() {
            let name = "shard \(index + 1)/\(count)"
            let all = byShard[index] ?? []
            // Folder names start with the UTC start time: the last is the most recent.
            let finished = all.filter { !$0.part.folder.interrupted }.sorted { $0.directory.path < $1.directory.path }
            guard let newest = finished.last else {
                throw ExperimentError("\(all[0].directory.path) was interrupted; run \(name) again")
            }
            for copy in all where copy.part.folder.interrupted {
                notes.append("\(name): \(copy.directory.path) was interrupted; using \(newest.directory.path)")
            }
            let distinct = finished.filter { $0.part.records != newest.part.records }
            if distinct.isEmpty {
                for copy in finished.dropLast() {
                    notes.append("\(name): \(newest.directory.path) repeats \(copy.directory.path) (identical); using the newer")
                }
                kept.append(newest)
                continue
            }
            // The copies differ: keep the one made by the version the other shards were made with.
            let majority = Dictionary(grouping: singleVersions, by: { $0 }).max { $0.value.count < $1.value.count }?.key
            let matching = finished.filter { majority != nil && version(of: $0.directory) == majority }
            let describe = finished.map { copy in
                "\(copy.directory.path) (version \(version(of: copy.directory) ?? "?"), started \(started(copy.directory) ?? "?"))"
            }
            guard let choice = matching.last, matching.allSatisfy({ $0.part.records == choice.part.records }) else {
                throw ExperimentError(
                    "\(name) was run more than once with different results: " + describe.joined(separator: "; ")
                        + ". Pass only the copy to keep (results depend only on scenario, seed and replication, so a "
                        + "difference means another tool version or scenario)")
            }
            notes.append(
                "\(name): the copies differ (" + describe.joined(separator: "; ") + "); keeping \(choice.directory.path), "
                    + "made by version \(majority ?? "?") like the other shards")
            kept.append(choice)
        }
        return (kept, notes)
    }

    static func version(of directory: URL) -> String? { (try? ExperimentManifest.read(in: directory))?.version }

    static func started(_ directory: URL) -> String? { (try? ExperimentManifest.read(in: directory))?.startedAt }
}
