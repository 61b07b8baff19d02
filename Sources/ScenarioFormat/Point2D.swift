// SPDX-License-Identifier: GPL-3.0-or-later

/// A position on a floor plan, in metres from the venue's origin corner (written `[x, y]`).
public struct Point2D: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
