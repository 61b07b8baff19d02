// SPDX-License-Identifier: GPL-3.0-or-later

/// The walls of a floor with a bounding-box prefilter, answering "how much wall loss lies on
/// the straight path between two points".
public struct WallIndex: Sendable {
    public let walls: [WallSegment]
    @usableFromInline let boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)]

    public init(walls: [WallSegment]) {
        self.walls = walls
        boxes = walls.map {
            (min($0.from.x, $0.to.x), min($0.from.y, $0.to.y), max($0.from.x, $0.to.x), max($0.from.y, $0.to.y))
        }
    }

    public var count: Int { walls.count }

    /// Sum of the losses of every wall the segment p→q properly crosses, dB (each wall once).
    /// - Complexity: O(walls), with a cheap box test first.
    @inlinable public func loss(from p: PlanPoint, to q: PlanPoint) -> Double {
        let minX = min(p.x, q.x), maxX = max(p.x, q.x), minY = min(p.y, q.y), maxY = max(p.y, q.y)
        var total = 0.0
        for index in walls.indices {
            let box = boxes[index]
            if box.maxX < minX || box.minX > maxX || box.maxY < minY || box.minY > maxY { continue }
            if walls[index].isCrossed(from: p, to: q) { total += walls[index].lossDB }
        }
        return total
    }
}
