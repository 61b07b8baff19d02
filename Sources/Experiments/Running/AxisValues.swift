// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat

/// A sweep axis's values as numbers with one unit, for tables (`sweep.csv`, `replications.csv`):
/// durations in seconds (`100ms` → 0.1, unit `s`), levels with their unit (`8dB` → 8, `dB`;
/// `-59` for a `txPower` or `measuredPower` path → −59, `dBm`), plain numbers without a unit. An
/// axis with any value that is not such a number (`ios-7.0`, `pocket`) is categorical: nil.
public struct AxisValues: Sendable, Equatable {
    public var numbers: [Double]
    /// The unit of every number (`s`, `dB`, `dBm`, `m`), empty when unitless.
    public var unit: String

    /// Units written after a number in scenario values, other than durations.
    static let suffixes = ["dBm", "dB", "m"]

    public init?(_ axis: SweepAxis) {
        let powerPath = axis.path.hasSuffix(".txPower") || axis.path.hasSuffix(".measuredPower")
        var numbers: [Double] = []
        var units = Set<String>()
        for value in axis.values {
            if let nanoseconds = DurationText.nanoseconds(value) {
                numbers.append(Double(nanoseconds) / 1e9)
                units.insert("s")
            } else if let plain = Double(value) {
                numbers.append(plain)
                units.insert(powerPath ? "dBm" : "")
            } else if let suffix = Self.suffixes.first(where: { value.hasSuffix($0) }),
                let number = Double(String(value.dropLast(suffix.count)).filter { $0 != " " })
            {
                numbers.append(number)
                units.insert(suffix)
            } else {
                return nil
            }
        }
        guard units.count == 1, let unit = units.first else { return nil }
        self.numbers = numbers
        self.unit = unit
    }
}
