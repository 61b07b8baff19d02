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

    @Test("lists, in order, the offsets of a range whose elements are at most a limit")
    func indicesAtMost() {
        let values: [Int64] = [7, -3, 12, 5, 5, .max, .min, 6, 0, 9]
        let array = FlatArray(values)
        var found = FlatArray<Int32>(repeating: -1, count: values.count)
        for (start, length) in [(0, 10), (2, 5), (9, 1), (4, 0)] {
            for limit: Int64 in [.min, -3, 5, 6, 11, .max] {
                let count = array.indices(from: start, count: length, atMost: limit, into: &found)
                let expected = (0..<length).filter { values[start + $0] <= limit }
                #expect((0..<count).map { Int(found[$0]) } == expected, "start \(start), length \(length), limit \(limit)")
            }
        }
    }
}
