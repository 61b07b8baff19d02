// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import BeaconSim

@Suite("FlatArray")
struct FlatArrayTests {
    /// Counts its live instances, to see the array release what it holds.
    final class Tracked {
        nonisolated(unsafe) static var live = 0
        let value: Int
        init(_ value: Int) {
            self.value = value
            Tracked.live += 1
        }
        deinit { Tracked.live -= 1 }
    }

    @Test("holds the elements it was made from, changes them in place, and is empty when made from none")
    func elements() {
        var numbers = FlatArray([3, 1, 4, 1, 5])
        #expect(numbers.count == 5)
        #expect(numbers.indices.map { numbers[$0] } == [3, 1, 4, 1, 5])
        numbers[2] += 10
        numbers[0] = 9
        #expect(numbers.indices.map { numbers[$0] } == [9, 1, 14, 1, 5])
        let none = FlatArray([Int]())
        #expect(none.isEmpty && none.indices.isEmpty)
        let repeated = FlatArray(repeating: (slot: Int64.min, count: 0), count: 3)
        #expect(repeated.indices.allSatisfy { repeated[$0].slot == .min && repeated[$0].count == 0 })
    }

    @Test("releases its elements when it goes, and the ones it replaces")
    func releases() {
        let before = Tracked.live
        do {
            var objects = FlatArray((0..<4).map { Tracked($0) })
            #expect(Tracked.live == before + 4)
            objects[1] = Tracked(10)  // the replaced one goes at once
            #expect(Tracked.live == before + 4)
            #expect(objects[1].value == 10)
        }
        #expect(Tracked.live == before)
    }
}
