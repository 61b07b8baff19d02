// SPDX-License-Identifier: GPL-3.0-or-later
internal import Stochastics

/// The discrete part of `beaconsim plan`, written here because no library at hand offers it (GSL's
/// minimisers are continuous): a greedy set cover — take the candidate covering the most cells not
/// yet covered until a share `target` of the cells is covered — then a local search that drops any
/// chosen candidate whose removal keeps the target. Ties are broken in a seeded random order
/// (the project's `RandomStream` labelled `plan/ties/<label>`), so the result depends on the seed alone.
enum GreedyCover {
    /// Indices of the chosen candidates, in the order taken; at least one when any candidate exists.
    static func choose(covers: [Set<Int>], cells: Int, target: Double, seed: UInt64, label: String) -> [Int] {
        guard !covers.isEmpty else { return [] }
        let stream = RandomStream(seed: seed, replication: 0, label: "plan/ties/" + label)
        let priority = covers.indices.map { _ in stream.uniform() }
        let needed = Int((target * Double(cells)).rounded(.up))
        var covered = Set<Int>()
        var chosen: [Int] = []
        while covered.count < needed || chosen.isEmpty {
            let best = covers.indices.filter { !chosen.contains($0) }.max {
                (covers[$0].subtracting(covered).count, priority[$0]) < (covers[$1].subtracting(covered).count, priority[$1])
            }
            guard let best, !covers[best].subtracting(covered).isEmpty || chosen.isEmpty else { break }
            chosen.append(best)
            covered.formUnion(covers[best])
        }
        // Local search: drop what the others make redundant, latest first.
        for index in chosen.reversed() where chosen.count > 1 {
            let others = chosen.filter { $0 != index }.reduce(into: Set<Int>()) { $0.formUnion(covers[$1]) }
            if others.count >= min(needed, covered.count) { chosen.removeAll { $0 == index } }
        }
        return chosen
    }
}
