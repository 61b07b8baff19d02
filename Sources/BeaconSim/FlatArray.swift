// SPDX-License-Identifier: GPL-3.0-or-later
internal import CPrefetch

/// A fixed-length array owned by exactly one value (not copyable): its elements are read and
/// changed in place without the uniqueness check (a runtime call) that every mutation of a
/// shared-storage `Array` makes. `LinkTable` keeps its per-link and per-phone state in these, so
/// the per-event loop makes no such call. Indices are checked.
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

    /// Asks the processor to fetch the first cache line of element `index` (nothing past the
    /// end): a hint for an element the loop may read soon. Speed only.
    func prefetch(_ index: Int) {
        if index < count { beaconsim_prefetch(base + index) }
    }

    var indices: Range<Int> { 0..<count }
    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Element {
        _read {
            precondition(index >= 0 && index < count, "FlatArray index out of range")
            yield base[index]
        }
        _modify {
            precondition(index >= 0 && index < count, "FlatArray index out of range")
            yield &base[index]
        }
    }
}
