// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGSL

/// The steps of GSL's ziggurat normal (`gsl_ran_gaussian_ziggurat`, Marsaglia & Tsang 2000, 128
/// steps), read back out of GSL once, so that `CounterStream.normal` can take the ziggurat's
/// common path (about 97 % of draws) inline and still give GSL's numbers bit for bit.
///
/// Per attempt GSL takes one 64-bit output k of the generator: step i = k & 0x7f, a positive sign
/// when k & 0x80 is set, and a 24-bit j = (k >> 8) & 0xffffff. When j < the step's `limit`, the
/// variate is sign·σ·(j·`width`) with no further draw; otherwise GSL goes on drawing (the wedge or
/// the tail), and `CounterStream` hands that draw to GSL whole. Step 0 (the base strip, whose
/// overhang is the tail) has no fast path: its limit is 0. Both figures come from running GSL
/// on a scripted generator (`cgsl_rng_probe`): `width` is the variate for j = 1, `limit` the
/// smallest j that makes GSL draw again (found by bisection). No table is copied from GSL's source.
@usableFromInline
enum ZigguratTable {
    /// One step: the first 24-bit j that leaves the fast path, and the step's width.
    @usableFromInline
    struct Step {
        @usableFromInline let limit: UInt64
        @usableFromInline let width: Double
    }

    /// The 128 steps, nil until read. `GSLRuntime.prepared`, which every `CounterStream`
    /// initialiser runs first, reads them once (inside Swift's once-only initialisation, so every
    /// thread that holds a stream sees them) and they are never written again. A plain pointer
    /// with a constant initial value: reading it in the inlined draw is one load — no lazy-global
    /// call, no reference counting. A draw that found it nil would take GSL's path, still exact.
    /// Its accesses go unchecked (a checked global would pay a dynamic exclusivity check per
    /// draw): it is written once, before any read, as said.
    @usableFromInline @exclusivity(unchecked)
    nonisolated(unsafe) static var steps: UnsafePointer<Step>? = nil

    /// Reads the steps out of GSL (once, from `GSLRuntime.prepared`).
    static func load() {
        let table = UnsafeMutablePointer<Step>.allocate(capacity: 128)
        for index in 0..<128 { (table + index).initialize(to: step(UInt64(index))) }
        steps = UnsafePointer(table)
    }

    /// Step `index` as GSL uses it.
    static func step(_ index: UInt64) -> Step {
        var (low, high): (UInt64, UInt64) = (0, 1 << 24)  // the limit lies in 0...2^24 (2^24: never leaves)
        while low < high {
            let middle = (low + high) / 2
            if probe(index: index, j: middle).draws > 1 { high = middle } else { low = middle + 1 }
        }
        let width = low > 1 ? probe(index: index, j: 1).value : 0  // no fast path with j ≥ 1: never read
        return Step(limit: low, width: width)
    }

    /// GSL's standard normal when the generator's first output is step `index`, positive sign and
    /// `j` (later outputs are 0, which ends any further attempt), and how many outputs it took.
    static func probe(index: UInt64, j: UInt64) -> (value: Double, draws: UInt64) {
        var state = cgsl_probe_state(first: j << 8 | 0x80 | index, calls: 0)
        let value = withUnsafeMutablePointer(to: &state) { pointer in
            var generator = gsl_rng(type: cgsl_rng_probe(), state: UnsafeMutableRawPointer(pointer))
            return gsl_ran_gaussian_ziggurat(&generator, 1)
        }
        return (value, state.calls)
    }
}
