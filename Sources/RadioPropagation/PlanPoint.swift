// SPDX-License-Identifier: GPL-3.0-or-later

/// A point or vector on a floor plan, in metres.
public struct PlanPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = PlanPoint(x: 0, y: 0)

    @inlinable public static func + (a: Self, b: Self) -> Self { Self(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Self, b: Self) -> Self { Self(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static func * (a: Self, k: Double) -> Self { Self(x: a.x * k, y: a.y * k) }

    /// Euclidean length.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// Dot product.
    @inlinable public func dot(_ other: Self) -> Double { x * other.x + y * other.y }
    /// z component of the 3-D cross product.
    @inlinable public func cross(_ other: Self) -> Double { x * other.y - y * other.x }
}
