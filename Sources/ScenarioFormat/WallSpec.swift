// SPDX-License-Identifier: GPL-3.0-or-later

/// A straight wall segment on the plan, written `{ from: [x, y], to: [x, y], material: drywall }`.
public struct WallSpec: Sendable, Equatable {
    public var from: Point2D
    public var to: Point2D
    /// A built-in material (`drywall`, `glass`, `woodDoor`, `brick`, `concrete`, `metal`,
    /// `elevatorShaft`) or one declared in `venue.materials`.
    public var material: String
    /// The floor the wall stands on (default 0).
    public var floor: Int
    public var location: SourceLocation

    public init(from: Point2D, to: Point2D, material: String, floor: Int = 0, location: SourceLocation = .unknown) {
        self.floor = floor
        self.from = from
        self.to = to
        self.material = material
        self.location = location
    }
}
