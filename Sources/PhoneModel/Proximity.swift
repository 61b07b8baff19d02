// SPDX-License-Identifier: GPL-3.0-or-later

/// CoreLocation's `CLProximity`, raw values as Apple's (behaviour.md §1.3, H).
public enum Proximity: Int, Sendable, Hashable, CustomStringConvertible {
    case unknown = 0, immediate = 1, near = 2, far = 3

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .immediate: "immediate"
        case .near: "near"
        case .far: "far"
        }
    }
}
