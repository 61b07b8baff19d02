// SPDX-License-Identifier: GPL-3.0-or-later

/// CoreLocation's `CLRegionState`: raw values as Apple's (unknown 0, inside 1, outside 2).
public enum RegionState: Int, Sendable, Hashable, CustomStringConvertible {
    case unknown = 0, inside = 1, outside = 2

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .inside: "inside"
        case .outside: "outside"
        }
    }
}
