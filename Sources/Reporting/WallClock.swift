// SPDX-License-Identifier: GPL-3.0-or-later

/// Wall time since it was made, for the `wallTimeSeconds` of manifests.
public struct WallClock: Sendable {
    private let start = ContinuousClock.now

    public init() {}

    /// Seconds elapsed.
    public var seconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
