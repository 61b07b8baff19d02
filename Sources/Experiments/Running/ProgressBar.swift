// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// A one-line progress bar on stderr, drawn only when stderr is a terminal (`isatty(2)`), so
/// logs and CI output stay clean. Redraws at most ten times a second. Called from one task at a
/// time (the one collecting results), hence `@unchecked Sendable`.
public final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let enabled: Bool
    private let started = ContinuousClock.now
    private var lastDraw: ContinuousClock.Instant?
    private var drawn = false

    /// `enabled` defaults to whether stderr is a terminal.
    public init(label: String, enabled: Bool? = nil) {
        self.label = label
        self.enabled = enabled ?? (isatty(2) != 0)
    }

    /// Shows `done` of `total`.
    public func update(_ done: Int, _ total: Int) {
        guard enabled else { return }
        let now = ContinuousClock.now
        if let lastDraw, now - lastDraw < .milliseconds(100), done < total { return }
        lastDraw = now
        drawn = true
        FileHandle.standardError.write(
            Data(
                ("\r"
                    + Self.line(
                        label: label, done: done, total: total,
                        seconds: Double((now - started).components.seconds))).utf8))
    }

    /// Ends the line (when anything was drawn).
    public func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }

    /// `label [#########-----------]  45/100  12 s  ETA 15 s`, 30 cells wide.
    static func line(label: String, done: Int, total: Int, seconds: Double) -> String {
        let width = 30
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let eta =
            done > 0 && done < total ? "  ETA \(Int((seconds / Double(done) * Double(total - done)).rounded())) s" : ""
        return "\(label) [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            + "] \(done)/\(total)  \(Int(seconds)) s\(eta)   "
    }
}
