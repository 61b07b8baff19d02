// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The fixed geometry of the mall-1h workload (../shared/bench/mall-1h.md, "Floor and walls",
/// "Beacons"): 42 walls with their losses and 200 beacons on a 120 m × 80 m floor.
struct MallFloor {
    struct Wall {
        var ax, ay, bx, by: Double
        /// Loss per crossing, dB.
        var loss: Double
    }

    struct Beacon {
        var x, y: Double
        /// iBeacon major: the quadrant, 1...4.
        var region: Int
    }

    let walls: [Wall]
    let beacons: [Beacon]

    init() {
        var walls: [Wall] = [
            Wall(ax: 0, ay: 0, bx: 120, by: 0, loss: 12), Wall(ax: 120, ay: 0, bx: 120, by: 80, loss: 12),
            Wall(ax: 120, ay: 80, bx: 0, by: 80, loss: 12), Wall(ax: 0, ay: 80, bx: 0, by: 0, loss: 12),
        ]
        for k in 1...9 {
            let x = Double(12 * k)
            walls.append(Wall(ax: x, ay: 0, bx: x, by: 30, loss: 3))
            walls.append(Wall(ax: x, ay: 50, bx: x, by: 80, loss: 3))
        }
        for k in 0..<10 {
            for y in [30.0, 50.0] {
                walls.append(Wall(ax: Double(12 * k + 2), ay: y, bx: Double(12 * k + 10), by: y, loss: 7))
            }
        }
        self.walls = walls
        var beacons: [Beacon] = []
        for i in 0..<20 {
            for j in 0..<10 {
                let x = Double(3 + 6 * i), y = Double(4 + 8 * j)
                beacons.append(Beacon(x: x, y: y, region: 1 + (x >= 60 ? 1 : 0) + (y >= 40 ? 2 : 0)))
            }
        }
        self.beacons = beacons
    }

    /// Summed loss of the walls the segment P→Q properly crosses (every wall tested), dB.
    func wallLoss(px: Double, py: Double, qx: Double, qy: Double) -> Double {
        var loss = 0.0
        for wall in walls {
            let ux = wall.bx - wall.ax, uy = wall.by - wall.ay
            let o1 = ux * (py - wall.ay) - uy * (px - wall.ax)
            let o2 = ux * (qy - wall.ay) - uy * (qx - wall.ax)
            let vx = qx - px, vy = qy - py
            let o3 = vx * (wall.ay - py) - vy * (wall.ax - px)
            let o4 = vx * (wall.by - py) - vy * (wall.bx - px)
            if o1 * o2 < 0, o3 * o4 < 0 { loss += wall.loss }
        }
        return loss
    }

    /// The walker at `t` seconds: position and direction along the corridor centre line.
    static func walker(at t: Double) -> (x: Double, y: Double, direction: Double) {
        let s = (1.2 * t).truncatingRemainder(dividingBy: 220)
        return s < 110 ? (5 + s, 40, 1) : (115 - (s - 110), 40, -1)
    }
}
