// SPDX-License-Identifier: GPL-3.0-or-later

/// Minimum, mean and maximum of RSSI values in dBm (unavailable readings are left out).
public struct RSSIStatistics: Hashable, Sendable {
    public private(set) var count = 0
    public private(set) var minimum: Int8 = .max
    public private(set) var maximum: Int8 = .min
    private var sum = 0

    public init() {}

    public mutating func add(_ rssi: Int8) {
        count += 1
        sum += Int(rssi)
        minimum = min(minimum, rssi)
        maximum = max(maximum, rssi)
    }

    /// Arithmetic mean in dBm, nil without values.
    public var mean: Double? { count == 0 ? nil : Double(sum) / Double(count) }
}
