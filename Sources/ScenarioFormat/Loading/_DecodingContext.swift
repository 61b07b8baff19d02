// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// The state of one decoding pass over one file.
///
/// It knows where diagnostics point (the file name and each node's mark), the catalogue that
/// names accept, every diagnostic found so far, the bounds later fields are checked against once
/// decoded (run length, venue size), and the names the cross-reference pass resolves at the end.
final class _DecodingContext {
    let file: String
    let catalogue: ParameterCatalogue
    /// Which files `imports:` may read.
    var importPolicy: ImportPolicy = .withinScenarioTree
    private(set) var diagnostics: [Diagnostic] = []
    /// Names used by reference, checked after the structural pass (`_CrossReferences`).
    var references: [_NameReference] = []
    /// Names declared by the file, filled in as they are decoded.
    var declared = _DeclaredNames()
    /// Run length in nanoseconds, once decoded: the upper bound of schedule and action times.
    var duration: Int64?
    /// Venue size in metres, once decoded: positions must lie in `[0, width] × [0, height]`.
    var venueSize: Point2D?
    /// Number of floors, once the venue is decoded: `floor:` values must lie in `0..<floorCount`.
    var floorCount = 1

    /// A context for a file imported by this one: same catalogue and bounds, its own file name.
    func child(file: String) -> _DecodingContext {
        let child = _DecodingContext(file: file, catalogue: catalogue)
        child.importPolicy = importPolicy
        child.duration = duration
        child.venueSize = venueSize
        child.floorCount = floorCount
        child.declared = declared
        return child
    }

    /// Takes over what an imported file's pass found: diagnostics, references and declarations.
    func absorb(_ child: _DecodingContext) {
        diagnostics += child.diagnostics
        references += child.references
        declared = child.declared
    }

    init(file: String, catalogue: ParameterCatalogue) {
        self.file = file
        self.catalogue = catalogue
    }

    /// The 1-based location of `node` (line 1, column 1 when Yams gave no mark).
    func location(of node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(file: file, line: 1, column: 1) }
        return SourceLocation(file: file, line: Swift.max(mark.line, 1), column: Swift.max(mark.column, 1))
    }

    /// Records an error at `node`.
    func error(_ message: String, at node: Node) { error(message, at: location(of: node)) }

    /// Records an error at `location`.
    func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.error, at: location, message))
    }

    /// Whether `point` lies in the venue (inclusive); true while the venue size is unknown, so a
    /// broken venue does not make every position an error too.
    func isInsideVenue(_ point: Point2D) -> Bool {
        guard let size = venueSize else { return true }
        return point.x >= 0 && point.y >= 0 && point.x <= size.x && point.y <= size.y
    }

    /// Reports `point` (read from `node` under `key`) when it lies outside the venue.
    func checkInsideVenue(_ point: Point2D, at node: Node, for key: String) {
        guard !isInsideVenue(point), let size = venueSize else { return }
        error(
            "'\(key)' [\(point.x.plainText), \(point.y.plainText)] is outside the venue "
                + "[0, \(size.x.plainText)] × [0, \(size.y.plainText)]", at: node)
    }

    /// Reports a time (read from `node` under `key`) outside `[0, duration]`.
    func checkWithinRun(_ time: Int64, at node: Node, for key: String) {
        if time < 0 {
            error("'\(key)' must be >= 0", at: node)
        } else if let duration, time > duration {
            error("'\(key)' is after the end of the run (duration \(duration.durationText))", at: node)
        }
    }
}

extension Double {
    /// The number as a person writes it: `40` rather than `40.0`.
    var plainText: String {
        rounded() == self && Swift.abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}

extension Int64 {
    /// Nanoseconds written in the largest unit that divides them exactly, e.g. `90s`, `100ms`.
    var durationText: String {
        if self == 0 { return "0s" }
        for (unit, size) in DurationParser.units.sorted(by: { $0.value > $1.value }) where self % size == 0 {
            return "\(self / size)\(unit)"
        }
        return "\(self)ns"
    }
}
