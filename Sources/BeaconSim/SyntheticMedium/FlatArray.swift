// SPDX-License-Identifier: GPL-3.0-or-later

/// A fixed-length array owned by exactly one value (not copyable): its elements are read and
/// changed in place without the uniqueness check (a runtime call) that every mutation of a
/// shared-storage `Array` makes. `LinkTable` keeps its per-link and per-phone state in these, so
/// the per-event loop makes no such call. Indices are checked (`unchecked:` only after a check of
/// the whole range). The buffer is reached through the room's `_UnsafeHandle`.
struct FlatArray<Element>: ~Copyable {
    private let storage: _UnsafeHandle<Element>

    /// The elements of `elements`, in order.
    init(_ elements: [Element]) { storage = .allocate(copying: elements) }

    /// `count` copies of `element`.
    init(repeating element: Element, count: Int) { storage = .allocate(repeating: element, count: count) }

    deinit { storage.deallocate() }

    var count: Int { storage.count }
    var indices: Range<Int> { 0..<count }
    var isEmpty: Bool { count == 0 }

    /// Asks the processor to fetch element `index` (nothing past the end): a hint for an element
    /// the loop may read soon. Speed only.
    func prefetch(_ index: Int) { storage.prefetch(index) }

    subscript(index: Int) -> Element {
        _read {
            precondition(hasIndex(index), "FlatArray index out of range")
            yield storage[index]
        }
        _modify {
            precondition(hasIndex(index), "FlatArray index out of range")
            yield &storage[index]
        }
    }

    /// Whether `index` is one of the array's.
    private func hasIndex(_ index: Int) -> Bool { index >= 0 && index < count }

    /// Element `index`, its bounds checked only in debug builds: for a loop whose every index lies
    /// in a range checked against `count` once (`LinkTable.checkShape`, when the table is built).
    subscript(unchecked index: Int) -> Element {
        _read { yield storage[index] }
        _modify { yield &storage[index] }
    }
}

extension FlatArray where Element == Int64 {
    /// Writes to `found`, in increasing order, each offset `i` in `0..<length` whose element
    /// `start + i` is at most `limit`, and returns how many it wrote (`_UnsafeHandle.indices`).
    func indices(from start: Int, count length: Int, atMost limit: Int64, into found: inout FlatArray<Int32>) -> Int {
        storage.indices(from: start, count: length, atMost: limit, into: found.storage)
    }
}
