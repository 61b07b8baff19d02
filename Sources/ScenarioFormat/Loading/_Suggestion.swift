// SPDX-License-Identifier: GPL-3.0-or-later

/// "Did you mean" hints: the closest candidate within an edit distance of 2.
enum _Suggestion {
    /// The candidate closest to `word` (Levenshtein distance ≤ 2, ties to the first), or nil.
    static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            guard let distance = editDistance(word, candidate, limit: 2) else { continue }
            if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        return best?.name
    }

    /// `" did you mean 'x'?"` or the empty string, ready to append to a message.
    static func hint(for word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance between `a` and `b`, or nil when it exceeds `limit`.
    ///
    /// - Complexity: O(*n*·*m*), skipped in O(1) when the lengths differ by more than `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int? {
        let lhs = Array(a)
        let rhs = Array(b)
        guard abs(lhs.count - rhs.count) <= limit else { return nil }
        var previous = Array(0...rhs.count)
        for (i, left) in lhs.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: rhs.count)
            for (j, right) in rhs.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        let distance = previous[rhs.count]
        return distance <= limit ? distance : nil
    }
}
