// SPDX-License-Identifier: GPL-3.0-or-later

/// The three BLE primary advertising channels and their centre frequencies (Core spec; rf.md §2).
public enum AdvertisingChannel: UInt8, CaseIterable, Sendable, Hashable {
    case ch37 = 37, ch38 = 38, ch39 = 39

    /// Centre frequency in MHz: 2402, 2426 and 2480.
    public var frequencyMHz: Int {
        switch self {
        case .ch37: 2402
        case .ch38: 2426
        case .ch39: 2480
        }
    }

    /// Position within an advertising event (0, 1, 2) for the default channel order 37 → 38 → 39.
    public var eventIndex: Int { Int(rawValue) - 37 }
}
