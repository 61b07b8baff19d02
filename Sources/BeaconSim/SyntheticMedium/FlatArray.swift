// SPDX-License-Identifier: GPL-3.0-or-later
internal import CPrefetch

/// A fixed-length array owned by exactly one value (not copyable): its elements are read and
/// changed in place without the uniqueness check (a runtime call) that every mutation of a
/// shared-storage `Array` makes. `LinkTable` keeps its per-link and per-phone state in these, so
/// the per-event loop makes no such call. Indices are checked (`unchecked:` only after a check of
/// the whole range).
struct FlatArray<Element>: ~Copyable {
    private let base: UnsafeMutablePointer<Element>
    let count: Int

    /// The elements of `elements`, in order.
    init(_ elements: [Element]) {
        count = elements.count
        base = UnsafeMutablePointer<Element>.allocate(capacity: max(1, elements.count))
        elements.withUnsafeBufferPointer { source in
            if let address = source.baseAddress { base.initialize(from: address, count: source.count) }
        }
    }

    /// `count` copies of `element`.
    init(repeating element: Element, count: Int) {
        self.count = count
        base = UnsafeMutablePointer<Element>.allocate(capacity: max(1, count))
        base.initialize(repeating: element, count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Asks the processor to fetch the cache lines of element `index` — all of them for elements
    /// of up to 128 bytes, which may span three 64-byte lines; the first two and the last for
    /// larger ones — and nothing past the end: a hint for an element the loop may read soon.
    /// Speed only.
    func prefetch(_ index: Int) {
        guard index < count else { return }
        let first = UnsafeRawPointer(base + index)
        beaconsim_prefetch(first)
        // An element that crosses into a second (or third) 64-byte line: its last byte's line too.
        let last = first + (MemoryLayout<Element>.size - 1)
        if Int(bitPattern: last) >> 6 != Int(bitPattern: first) >> 6 { beaconsim_prefetch(last) }
        let middle = first + 64
        if MemoryLayout<Element>.size > 64, Int(bitPattern: middle) >> 6 != Int(bitPattern: last) >> 6 {
            beaconsim_prefetch(middle)
        }
    }

    var indices: Range<Int> { 0..<count }
    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Element {
        _read {
            precondition(hasIndex(index), "FlatArray index out of range")
            yield base[index]
        }
        _modify {
            precondition(hasIndex(index), "FlatArray index out of range")
            yield &base[index]
        }
    }

    /// Whether `index` is one of the array's.
    private func hasIndex(_ index: Int) -> Bool { index >= 0 && index < count }

    /// Element `index`, its bounds checked only in debug builds: for a loop whose every index lies
    /// in a range checked against `count` once (`LinkTable.checkShape`, when the table is built).
    subscript(unchecked index: Int) -> Element {
        _read { yield base[checkedInDebug(index)] }
        _modify { yield &base[checkedInDebug(index)] }
    }

    /// `index`, checked only in debug builds (`assert`).
    private func checkedInDebug(_ index: Int) -> Int {
        assert(hasIndex(index), "FlatArray index out of range")
        return index
    }
}

extension FlatArray where Element == Int64 {
    /// Writes to `found`, in increasing order, each offset `i` in `0..<length` whose element
    /// `start + i` is at most `limit`, and returns how many it wrote. Without a branch per
    /// element: every offset is written, and the count moves past it only when it matches.
    /// Out of line, so the loop is compiled on its own (unrolled, with no checks inside).
    @inline(never)
    func indices(from start: Int, count length: Int, atMost limit: Int64, into found: inout FlatArray<Int32>) -> Int {
        precondition(start >= 0 && length >= 0 && start + length <= count && length <= found.count)
        precondition(length <= Int(Int32.max))
        let (source, target) = (UnsafePointer(base + start), found.base)
        var matches = 0
        var offset = 0
        while offset < length {
            target[matches] = Int32(truncatingIfNeeded: offset)
            matches &+= source[offset] <= limit ? 1 : 0
            offset &+= 1
        }
        return matches
    }
}
