// SPDX-License-Identifier: GPL-3.0-or-later

/// The fast-fading process of one link on the three advertising channels: the in-phase and
/// quadrature parts of each channel's scattered component and when each was last updated
/// (`RadioLink`, rf.md §6). Kept apart from the link's hot state (`RadioLink`): only links that
/// deliver packets with fading on touch it. Fixed-size vectors, no heap storage.
public struct FadingState: Sendable {
    var inPhase = SIMD4<Double>()
    var quadrature = SIMD4<Double>()
    /// Nanoseconds of each channel's last update; `Int64.min` = never.
    var updated = SIMD4<Int64>(repeating: .min)

    public init() {}
}
