// SPDX-License-Identifier: GPL-3.0-or-later
internal import CPrefetch
internal import Synchronization
#if os(Linux)
    internal import Glibc
#endif
internal import PhoneModel

/// The room's one door to memory without Swift's checks, as swift-collections' `Heap._UnsafeHandle`:
/// a view of `count` elements that the per-event code reads and changes in place, with no
/// uniqueness check, no reference counting and bounds checked in debug builds only. Every unsafe
/// pointer and cache hint of the synthetic medium goes through it; the buffers it views belong to
/// their owners (`FlatArray`, `SourceCalendar.Storage`, `SourceQueue`), which allocate them here,
/// free them here, and hand a handle out only while they hold the buffer (`_update`).
struct _UnsafeHandle<Element> {
    private let base: UnsafeMutablePointer<Element>
    let count: Int

    /// The `count` elements at `base` (owned by the caller, which keeps them alive while the
    /// handle is used).
    private init(base: UnsafeMutablePointer<Element>, count: Int) {
        self.base = base
        self.count = count
    }

    /// Runs `body` with a handle on `elements`' storage (not empty), changed in place
    /// (swift-collections' `Heap._update`): the handle must not escape `body`.
    static func update<Result>(_ elements: inout [Element], _ body: (_UnsafeHandle) -> Result) -> Result {
        elements.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { preconditionFailure("a handle on no elements") }
            return body(_UnsafeHandle(base: base, count: buffer.count))
        }
    }

    /// Element `index`, its bound checked in debug builds only: callers check their indices once
    /// per range (`LinkTable.checkShape`) or by construction (a heap's children). Addressors, not
    /// coroutines, so an owner's accessor that forwards here compiles to a plain load or store.
    subscript(index: Int) -> Element {
        unsafeAddress { UnsafePointer(base + checkedInDebug(index)) }
        nonmutating unsafeMutableAddress { base + checkedInDebug(index) }
    }

    /// `index`, checked only in debug builds (`assert`).
    private func checkedInDebug(_ index: Int) -> Int {
        assert(index >= 0 && index < count, "index out of range")
        return index
    }
}

// MARK: Owning a buffer

extension _UnsafeHandle {
    /// A new buffer of `count` elements, each `element`.
    static func allocate(repeating element: Element, count: Int) -> _UnsafeHandle {
        let handle = allocate(count: count)
        handle.base.initialize(repeating: element, count: count)
        return handle
    }

    /// A new buffer holding `elements`, in order.
    static func allocate(copying elements: [Element]) -> _UnsafeHandle {
        let handle = allocate(count: elements.count)
        elements.withUnsafeBufferPointer { source in
            if let address = source.baseAddress { handle.base.initialize(from: address, count: source.count) }
        }
        return handle
    }

    /// Room for `count` elements, not initialised (never empty: a zero-length request still gets
    /// an address). A buffer of `hugePageBytes` or more starts on a huge-page boundary and asks
    /// the kernel for transparent huge pages (Linux `madvise(MADV_HUGEPAGE)`; with THP off it gets
    /// ordinary pages): a large crowd's per-link arrays are read at scattered links, event after
    /// event, and with 4 KiB pages nearly every such read also missed the TLB.
    private static func allocate(count: Int) -> _UnsafeHandle {
        let bytes = max(1, count) * MemoryLayout<Element>.stride
        guard bytes >= hugePageBytes else { return _UnsafeHandle(base: .allocate(capacity: max(1, count)), count: count) }
        // Swift frees an aligned allocation like any other (`deallocate`).
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: bytes, alignment: max(hugePageBytes, MemoryLayout<Element>.alignment))
        #if os(Linux)
            _ = madvise(raw, bytes, MADV_HUGEPAGE)  // a hint: on failure the pages are ordinary ones
        #endif
        return _UnsafeHandle(base: raw.bindMemory(to: Element.self, capacity: max(1, count)), count: count)
    }

    /// The size of a huge page on x86-64 and arm64 Linux (2 MiB).
    private static var hugePageBytes: Int { 2 << 20 }

    /// Ends the elements' lives and frees the buffer; the handle must not be used afterwards.
    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// A buffer of `capacity` elements (at least `count`) with this one's first `count` elements
    /// moved in and the rest set to `filling`; this buffer's other elements end and it is freed.
    func moved(count: Int, toCapacity capacity: Int, filling: Element) -> _UnsafeHandle {
        precondition(count <= self.count && count <= capacity)
        let new = _UnsafeHandle.allocate(count: capacity)
        new.base.moveInitialize(from: base, count: count)
        (new.base + count).initialize(repeating: filling, count: capacity - count)
        (base + count).deinitialize(count: self.count - count)
        base.deallocate()
        return new
    }

    /// Copies `source`'s first `count` elements over this buffer's first `count`.
    func update(from source: _UnsafeHandle, count: Int) {
        precondition(count <= self.count && count <= source.count)
        base.update(from: source.base, count: count)
    }
}

// MARK: Cache hints

extension _UnsafeHandle {
    /// Asks the processor to fetch the cache lines of element `index` — all of them for elements
    /// of up to 128 bytes, which may span three 64-byte lines; the first two and the last for
    /// larger ones — and nothing past the end. A hint: it changes nothing.
    func prefetch(_ index: Int) {
        guard index >= 0, index < count else { return }
        let first = UnsafeRawPointer(base + index)
        beaconsim_prefetch(first)
        let last = first + (MemoryLayout<Element>.size - 1)
        if Int(bitPattern: last) >> 6 != Int(bitPattern: first) >> 6 { beaconsim_prefetch(last) }
        let middle = first + 64
        if MemoryLayout<Element>.size > 64, Int(bitPattern: middle) >> 6 != Int(bitPattern: last) >> 6 {
            beaconsim_prefetch(middle)
        }
    }

    /// Asks the processor to fetch the cache line of `value` (a stored property read soon). A hint.
    static func prefetch(_ value: inout Element) {
        withUnsafeMutablePointer(to: &value) { beaconsim_prefetch($0) }
    }
}

/// Asks the processor to fetch the first `bytes` bytes of `object`'s storage, in 64-byte lines: no
/// load of the object is needed to ask, so it can be issued for an object no cache holds. A hint.
func _prefetchObject(_ object: Unmanaged<some AnyObject>, bytes: Int) {
    let start = UnsafeRawPointer(object.toOpaque())
    var offset = 0
    while offset < bytes {
        beaconsim_prefetch(start + offset)
        offset += 64
    }
}

/// Fetches the storage of each array it visits (`RegionMonitor.visitPacketStorage`): the header
/// line (count and reference count, read by every access) and the first `headBytes` bytes of
/// each of the first `elementCount` element places, whether or not the array has that many: its
/// count is in the header, and reading it would wait for the header to arrive. A hint only.
struct _ArrayStoragePrefetcher: PacketStorageVisitor {
    /// How much of each element the phone reads for a packet (its fields that come first).
    let headBytes: Int
    let elementCount: Int

    func visit<Element>(_ elements: borrowing [Element]) {
        elements.withUnsafeBufferPointer { buffer in
            guard let first = buffer.baseAddress else { return }
            let base = UnsafeRawPointer(first)
            beaconsim_prefetch(base - 32)  // the array's header, just before its elements
            for index in 0..<elementCount {
                let element = base + index * MemoryLayout<Element>.stride
                beaconsim_prefetch(element)
                beaconsim_prefetch(element + (min(headBytes, MemoryLayout<Element>.size) - 1))
            }
        }
    }
}

// MARK: Scans and heaps over a buffer

extension _UnsafeHandle where Element == Int64 {
    /// Writes to `found`, in increasing order, each offset `i` in `0..<length` whose element
    /// `start + i` is at most `limit`, and returns how many it wrote. Branch-free (every offset is
    /// written, the count moves past it only on a match) and out of line, so the loop compiles on
    /// its own.
    @inline(never)
    func indices(from start: Int, count length: Int, atMost limit: Int64, into found: _UnsafeHandle<Int32>) -> Int {
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

extension _UnsafeHandle where Element == SourceEntry {
    /// Lets the last entry rise to its place in the 4-ary heap (hole method: one write per level).
    func siftUpLast() {
        var hole = count - 1
        guard hole > 0 else { return }
        let moving = self[hole]
        while hole > 0 {
            let parent = (hole - 1) / 4
            guard moving.precedes(self[parent]) else { break }
            self[hole] = self[parent]
            hole = parent
        }
        self[hole] = moving
    }

    /// Places `moving` at the root's hole and sifts it down the 4-ary heap.
    func siftDown(_ moving: SourceEntry) {
        var hole = 0
        while true {
            let first = 4 * hole + 1
            guard first < count else { break }
            var child = first
            let last = min(first + 4, count)
            var candidate = first + 1
            while candidate < last {
                if self[candidate].precedes(self[child]) { child = candidate }
                candidate += 1
            }
            guard self[child].precedes(moving) else { break }
            self[hole] = self[child]
            hole = child
        }
        self[hole] = moving
    }
}

// MARK: Pages

/// The heap of a large world in transparent huge pages (Linux), and the threshold for it. Once a
/// world is built, its phones' models and its links' wall profiles lie scattered through malloc's
/// heap, and a large crowd's event loop reads them phone after phone, event after event; with
/// 4 KiB pages nearly every such read also missed the TLB. A hint: results are the same either way.
enum _HeapPages {
    /// Below this many links (beacons × phones) or this much heap (bytes) a world fits the TLB's
    /// reach well enough, and the copy into huge pages would cost more than it saves: mall-1h and
    /// a 100-phone crowd stay below (and are not asked about their heap at all).
    static let minimumLinks = 50_000
    static let threshold = 16 << 20

    /// Whether the heap was advised: once per process is enough (the range keeps its advice, and
    /// a process runs worlds of one size), and a test process builds thousands of worlds.
    private static let advised = Atomic(false)

    /// Asks the kernel to move malloc's main heap into huge pages now (`MADV_COLLAPSE`, Linux 6.1+;
    /// an older kernel refuses and nothing happens) and to keep faulting that range in huge pages
    /// (`MADV_HUGEPAGE`), the first time a world of `links` links has a heap of `threshold` bytes.
    static func adviseHeap(links: Int) {
        #if os(Linux)
            guard links >= minimumLinks, !advised.load(ordering: .relaxed), let (low, high) = heapRange(),
                high - low >= UInt(threshold),
                advised.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
            else { return }
            let huge = UInt(2 << 20)
            let (start, end) = ((low + huge - 1) & ~(huge - 1), high & ~(huge - 1))
            guard end > start, let base = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(base, Int(end - start), MADV_HUGEPAGE)
            _ = madvise(base, Int(end - start), madviseCollapse)
        #endif
    }

    #if os(Linux)
        /// `MADV_COLLAPSE` (linux/mman.h; glibc 2.36's headers do not have it yet).
        private static let madviseCollapse: Int32 = 25

        /// The `[heap]` mapping's addresses, from `/proc/self/maps` (nil when there is none).
        private static func heapRange() -> (UInt, UInt)? {
            guard let file = fopen("/proc/self/maps", "r") else { return nil }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 512)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard text.hasSuffix("[heap]\n"), let range = text.split(separator: " ").first else { continue }
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                return bounds.count == 2 ? (bounds[0], bounds[1]) : nil
            }
            return nil
        }
    #endif
}
