// SPDX-License-Identifier: GPL-3.0-or-later

/// Which survey sessions can give detection rates.
///
/// A detection rate is readings over windows, so it needs every window of a session in the file,
/// those without a reading included (as rows with an empty `rssi`). Some sources keep only the
/// windows in which something was received and drop the rest; a session read from such a file
/// "never misses". The file itself shows it: within one (session, device, tx power, beacon) the
/// windows, in `sample` order, skip — the `sample` index jumps by more than one, or consecutive
/// windows' `t_s` lie more than `maximumTimeStep` window lengths apart. (Whether `t_s` marks a
/// window's start or a reading within it, two adjacent windows' times lie less than two windows
/// apart; 2.5 leaves room for windows a little longer than their nominal `window_s`. A single
/// dropped window is then seen only in the sample index.) Each skip hides at least one window, so
///
///     dropped share ≥ skips / (windows + skips)
///
/// and if the dropped windows are the empty ones the session's detection rate is overstated by at
/// least that much. A session whose bound exceeds `maximumDroppedShare` counts for RSSI only: its
/// readings enter the RSSI residuals and scores, its windows neither the detection residuals nor
/// the detection scores (`FitScore`, `BaselineScore`, `scripts/score-predictions.py`, which
/// applies the same rule to `predict`'s output). A long pause between runs that a source files
/// under one session counts as one skip, not as the windows it spans.
public struct DetectionSessions: Sendable {
    /// A session left out of detection rates, and why.
    public struct Excluded: Sendable {
        public var session: String
        /// Windows in the file (rows over the session's device, tx power and beacon groups).
        public var windows: Int
        /// Steps between consecutive windows that skip at least one.
        public var skips: Int
        /// skips / (windows + skips): the least share of its windows missing from the file.
        public var droppedShare: Double

        public var reason: String {
            "\(skips) of its steps between consecutive windows skip one or more (the sample index or t_s jumps): "
                + "at least \(Self.percent(droppedShare)) of its windows are missing from the file rather than recorded "
                + "as rows without a reading, so its detection rate would be overstated; its rows count for RSSI only"
        }

        static func percent(_ share: Double) -> String { "\((share * 1000).rounded() / 10) %" }
    }

    /// The largest lower bound on a session's dropped windows that still lets it count for
    /// detection: 0.01, a fifth of the 0.05 detection error per 2 m bin the fit is held to.
    public static let maximumDroppedShare = 0.01
    /// Consecutive windows' times further apart than this many window lengths skip one or more.
    public static let maximumTimeStep = 2.5

    /// Excluded sessions, sorted by name.
    public let excluded: [Excluded]
    private let names: Set<String>

    public init(rows: [SurveyRow]) {
        var groups: [String: [(sample: Int, time: Double?, window: Double)]] = [:]
        var sessionOf: [String: String] = [:]
        for row in rows {
            let key = [row.session, row.device, row.txPower.map { "\($0)" } ?? "", row.beacon].joined(separator: "\u{1F}")
            groups[key, default: []].append((row.sample, row.time, row.windowSeconds))
            sessionOf[key] = row.session
        }
        var totals: [String: (windows: Int, skips: Int)] = [:]
        for (key, windows) in groups {
            guard let session = sessionOf[key] else { continue }
            let entry = totals[session] ?? (0, 0)
            totals[session] = (entry.windows + windows.count, entry.skips + Self.skips(windows))
        }
        excluded = totals.keys.sorted().compactMap { session in
            guard let total = totals[session], total.skips > 0 else { return nil }
            let share = Double(total.skips) / Double(total.windows + total.skips)
            guard share > Self.maximumDroppedShare else { return nil }
            return Excluded(session: session, windows: total.windows, skips: total.skips, droppedShare: share)
        }
        names = Set(excluded.map(\.session))
    }

    /// Whether `row`'s window counts towards detection rates.
    public func counts(_ row: SurveyRow) -> Bool { !names.contains(row.session) }

    /// Steps between consecutive distinct samples that skip a window: the index jumps by more
    /// than one, or (index consecutive, both times known) the times lie more than
    /// `maximumTimeStep` windows apart.
    static func skips(_ windows: [(sample: Int, time: Double?, window: Double)]) -> Int {
        var first: [Int: (time: Double?, window: Double)] = [:]
        for window in windows where first[window.sample] == nil { first[window.sample] = (window.time, window.window) }
        let samples = first.keys.sorted()
        var count = 0
        for (previous, next) in zip(samples, samples.dropFirst()) {
            if next - previous > 1 {
                count += 1
            } else if let earlier = first[previous], let later = first[next], let start = earlier.time,
                let end = later.time, end - start > Self.maximumTimeStep * earlier.window
            {
                count += 1
            }
        }
        return count
    }
}
