// SPDX-License-Identifier: GPL-3.0-or-later

/// The walls of one floor in a uniform grid, answering "how much wall loss lies on the straight
/// path between two points" with each wall counted once.
///
/// A wall is listed in every cell its bounding box (grown by 1 µm) touches. A query walks the
/// cells the segment p→q passes through in order (Amanatides–Woo DDA); each cell covers a
/// fraction interval [t_enter, t_exit) of p→q, the intervals partition the path, and a wall
/// crossed at fraction t is counted only in the cell whose interval holds t — so exactly once,
/// without a visited set. With few walls a linear scan with a bounding-box prefilter is faster and
/// is used instead.
public struct WallIndex: Sendable {
    public let walls: [WallSegment]
    @usableFromInline let boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)]
    @usableFromInline let originX: Double
    @usableFromInline let originY: Double
    @usableFromInline let cellSize: Double
    @usableFromInline let columns: Int
    @usableFromInline let rows: Int
    /// Compressed rows: the walls of cell c are `cellWalls[cellStart[c]..<cellStart[c + 1]]`.
    @usableFromInline let cellStart: [Int32]
    @usableFromInline let cellWalls: [Int32]
    /// Below this many walls the linear scan is used.
    public static let gridThreshold = 24
    /// Up to this many walls, when sums are exact, scanning every wall (`sharedLoss`, a profile's
    /// candidates) costs less than walking the grid: true of a mall of a few dozen walls, not of
    /// one of a thousand (a tuning figure; `make bench` has the cases).
    public static let scanThreshold = 64
    /// Whether every sum of wall losses is exact in binary floating point, in whatever order it
    /// is added: each loss a multiple of 2⁻¹⁰ dB and all of them together under 2⁴² dB, so every
    /// partial sum fits in 52 bits. Then a sum over candidate walls (`loss(from:to:among:)`) is
    /// the grid walk's to the last bit. (The built-in materials' losses are whole dB.)
    public let sumsAreExact: Bool

    /// - Parameter cellSize: grid pitch in metres; default √(area / walls), at least 1 m, so that a
    ///   cell holds about one wall.
    public init(walls: [WallSegment], cellSize: Double? = nil) {
        self.walls = walls
        sumsAreExact =
            walls.allSatisfy { ($0.lossDB * 1024).rounded() == $0.lossDB * 1024 }
            && walls.reduce(0) { $0 + abs($1.lossDB) } < 0x1p42
        let boxes = walls.map {
            (
                minX: min($0.from.x, $0.to.x), minY: min($0.from.y, $0.to.y), maxX: max($0.from.x, $0.to.x),
                maxY: max($0.from.y, $0.to.y)
            )
        }
        self.boxes = boxes
        let epsilon = 1e-6
        let minX = (boxes.map(\.minX).min() ?? 0) - epsilon, minY = (boxes.map(\.minY).min() ?? 0) - epsilon
        let maxX = (boxes.map(\.maxX).max() ?? 0) + epsilon, maxY = (boxes.map(\.maxY).max() ?? 0) + epsilon
        let pitch = cellSize ?? max(1, ((maxX - minX) * (maxY - minY) / Double(max(walls.count, 1))).squareRoot())
        originX = minX
        originY = minY
        self.cellSize = pitch
        columns = walls.count < Self.gridThreshold ? 0 : max(1, Int(((maxX - minX) / pitch).rounded(.up)))
        rows = walls.count < Self.gridThreshold ? 0 : max(1, Int(((maxY - minY) / pitch).rounded(.up)))
        var buckets = [[Int32]](repeating: [], count: columns * rows)
        if columns > 0 {
            for (index, box) in boxes.enumerated() {
                let x0 = max(0, min(columns - 1, Int(((box.minX - epsilon - minX) / pitch).rounded(.down))))
                let x1 = max(0, min(columns - 1, Int(((box.maxX + epsilon - minX) / pitch).rounded(.down))))
                let y0 = max(0, min(rows - 1, Int(((box.minY - epsilon - minY) / pitch).rounded(.down))))
                let y1 = max(0, min(rows - 1, Int(((box.maxY + epsilon - minY) / pitch).rounded(.down))))
                for y in y0...y1 { for x in x0...x1 { buckets[y * columns + x].append(Int32(index)) } }
            }
        }
        var start: [Int32] = [0]
        for bucket in buckets { start.append(start[start.count - 1] + Int32(bucket.count)) }
        cellStart = start
        cellWalls = buckets.flatMap { $0 }
    }

    public var count: Int { walls.count }

    /// Sum of the losses of every wall the segment p→q properly crosses, dB (each wall once).
    /// - Complexity: O(cells on the path × walls per cell) with the grid, O(walls) without.
    @inlinable public func loss(from p: PlanPoint, to q: PlanPoint) -> Double {
        columns > 0 ? gridLoss(from: p, to: q) { _ in true } : linearLoss(from: p, to: q) { _ in true }
    }

    /// Sum of the losses of the walls that both p→q and p→r properly cross, dB: a lower bound of
    /// the loss from p to every point of the segment q–r (a wall crossing both sides of the
    /// triangle p, q, r from p separates p from all of q–r). When `scans`, the walls are scanned
    /// in turn, which on a few dozen walls costs less than the grid walk and sums the same figure.
    @inlinable public func sharedLoss(from p: PlanPoint, to q: PlanPoint, alsoTo r: PlanPoint) -> Double {
        let both = { (wall: WallSegment) in wall.isCrossed(from: p, to: r) }
        return columns > 0 && !scans
            ? gridLoss(from: p, to: q, counting: both) : linearLoss(from: p, to: q, counting: both)
    }

    /// Whether to scan the walls rather than walk the grid where either gives the same figure:
    /// sums are exact and there are at most `scanThreshold` walls.
    public var scans: Bool { sumsAreExact && walls.count <= Self.scanThreshold }

    /// The walls a straight path from `apex` to any point of the segment a–b could cross: those
    /// whose box, grown by 1 µm (as the grid's cells), meets the box of the triangle — a superset,
    /// whatever the rounding of `WallSegment.isCrossed` near a wall's end.
    public func candidates(apex: PlanPoint, _ a: PlanPoint, _ b: PlanPoint) -> [Int32] {
        let epsilon = 1e-6
        let minX = min(apex.x, a.x, b.x) - epsilon, maxX = max(apex.x, a.x, b.x) + epsilon
        let minY = min(apex.y, a.y, b.y) - epsilon, maxY = max(apex.y, a.y, b.y) + epsilon
        var near: [Int32] = []
        near.reserveCapacity(walls.count)  // one allocation, not one per doubling
        for (index, box) in boxes.enumerated()
        where box.maxX >= minX && box.minX <= maxX && box.maxY >= minY && box.minY <= maxY {
            near.append(Int32(index))
        }
        return near
    }

    /// Sum of the losses of the walls among `candidates` that p→q properly crosses, dB, in their
    /// order. The same figure as `loss(from:to:)`, to the last bit, when `sumsAreExact` and
    /// `candidates` holds every wall the path can cross (`candidates(apex:_:_:)` of a triangle
    /// holding p→q): both are then the exact sum of the same losses.
    @inlinable public func loss(from p: PlanPoint, to q: PlanPoint, among candidates: [Int32]) -> Double {
        var total = 0.0
        for index in candidates where walls[Int(index)].isCrossed(from: p, to: q) { total += walls[Int(index)].lossDB }
        return total
    }

    /// The loss of the walls p→q crosses that `counting` accepts (linear scan).
    @inlinable func linearLoss(from p: PlanPoint, to q: PlanPoint, counting: (WallSegment) -> Bool) -> Double {
        let minX = min(p.x, q.x), maxX = max(p.x, q.x), minY = min(p.y, q.y), maxY = max(p.y, q.y)
        var total = 0.0
        for index in walls.indices {
            let box = boxes[index]
            if box.maxX < minX || box.minX > maxX || box.maxY < minY || box.minY > maxY { continue }
            if walls[index].isCrossed(from: p, to: q), counting(walls[index]) { total += walls[index].lossDB }
        }
        return total
    }

    /// The loss of the walls p→q crosses that `counting` accepts (grid walk).
    @inlinable func gridLoss(from p: PlanPoint, to q: PlanPoint, counting: (WallSegment) -> Bool) -> Double {
        let dx = q.x - p.x, dy = q.y - p.y
        // Clip p→q to the grid's box (Liang–Barsky).
        var t0 = 0.0, t1 = 1.0
        let width = Double(columns) * cellSize, height = Double(rows) * cellSize
        guard Self.clip(dx, originX - p.x, originX + width - p.x, &t0, &t1),
            Self.clip(dy, originY - p.y, originY + height - p.y, &t0, &t1), t0 < t1
        else { return 0 }
        let startX = p.x + dx * t0 - originX, startY = p.y + dy * t0 - originY
        var column = max(0, min(columns - 1, Int((startX / cellSize).rounded(.down))))
        var row = max(0, min(rows - 1, Int((startY / cellSize).rounded(.down))))
        let stepX = dx > 0 ? 1 : -1, stepY = dy > 0 ? 1 : -1
        let deltaX = dx == 0 ? Double.infinity : cellSize / abs(dx)
        let deltaY = dy == 0 ? Double.infinity : cellSize / abs(dy)
        var nextX = dx == 0 ? Double.infinity : (originX + Double(column + (dx > 0 ? 1 : 0)) * cellSize - p.x) / dx
        var nextY = dy == 0 ? Double.infinity : (originY + Double(row + (dy > 0 ? 1 : 0)) * cellSize - p.y) / dy
        var enter = t0
        var total = 0.0
        while true {
            let exit = min(nextX, nextY, t1)
            let last = exit >= t1
            let cell = row * columns + column
            for slot in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                let wall = walls[Int(cellWalls[slot])]
                guard wall.isCrossed(from: p, to: q) else { continue }
                let t = wall.crossingFraction(from: p, to: q)
                if t >= enter && (t < exit || last), counting(wall) { total += wall.lossDB }
            }
            if last { break }
            if nextX < nextY {
                column += stepX
                nextX += deltaX
            } else {
                row += stepY
                nextY += deltaY
            }
            guard column >= 0, column < columns, row >= 0, row < rows else { break }
            enter = exit
        }
        return total
    }

    /// One Liang–Barsky slab: narrows [t0, t1] to where `low ≤ delta·t ≤ high`; false when empty.
    @inlinable static func clip(_ delta: Double, _ low: Double, _ high: Double, _ t0: inout Double, _ t1: inout Double) -> Bool {
        if delta == 0 { return low <= 0 && high >= 0 }
        let a = low / delta, b = high / delta
        t0 = max(t0, min(a, b))
        t1 = min(t1, max(a, b))
        return true
    }
}
