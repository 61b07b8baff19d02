// SPDX-License-Identifier: GPL-3.0-or-later

/// One metric's samples in the order they were taken, stored as runs of equal values (equal bit
/// patterns), so a series that repeats one figure — a ranging interval of exactly 1 s, every second
/// of a 16 h run — costs a few bytes, not 8 per sample. Reads as a collection of `Double`s,
/// exactly the samples appended, in order.
public struct SampleSeries: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    /// Each run's value, and the count of samples up to and including the run.
    private var values: [Double] = []
    private var ends: [Int] = []

    public init() {}

    public init(arrayLiteral elements: Double...) { self.init(elements) }

    public init(_ samples: some Sequence<Double>) {
        for sample in samples { append(sample) }
    }

    /// Adds `sample` after the others.
    public mutating func append(_ sample: Double) {
        if let last = values.last, last.bitPattern == sample.bitPattern {
            ends[ends.count - 1] += 1
        } else {
            values.append(sample)
            ends.append(endIndex + 1)
        }
    }

    /// How many runs of equal values the series holds.
    public var runCount: Int { values.count }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.last ?? 0 }

    /// Sample `position`: the value of the first run that ends after it (binary search).
    public subscript(position: Int) -> Double {
        precondition(position >= 0 && position < endIndex, "sample index out of range")
        var (low, high) = (0, ends.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > position { high = middle } else { low = middle + 1 }
        }
        return values[low]
    }

    /// The samples in order, run by run (constant time per sample).
    public struct Iterator: IteratorProtocol {
        fileprivate let series: SampleSeries
        fileprivate var run = 0
        fileprivate var position = 0

        public mutating func next() -> Double? {
            guard run < series.values.count else { return nil }
            let value = series.values[run]
            position += 1
            if position == series.ends[run] { run += 1 }
            return value
        }
    }

    public func makeIterator() -> Iterator { Iterator(series: self) }

    /// Equal when the samples are, one by one (as two arrays of them would be).
    public static func == (lhs: SampleSeries, rhs: SampleSeries) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}
