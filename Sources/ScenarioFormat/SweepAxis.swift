// SPDX-License-Identifier: GPL-3.0-or-later

/// One swept parameter: a settable scenario path (`beacons.*.interval`, `phones.alice.os`,
/// `radio.shadowingSigma`, …) and the values it takes, written in the scenario's own value
/// syntax (`100ms`, `-59`, `ios-7.0`). See `ScenarioTemplate.applying(_:)` for the paths.
public struct SweepAxis: Sendable, Hashable {
    /// The path, components separated by `.`; `*` selects every beacon or phone, a name selects one.
    public var path: String
    /// The values in sweep order, as text.
    public var values: [String]

    public init(path: String, values: [String]) {
        self.path = path
        self.values = values
    }

    /// Parses a command-line `PATH=V1,V2,…`; throws `ScenarioError(setting:message:)` when there is no `=` or no value.
    public init(argument: String) throws {
        guard let equals = argument.firstIndex(of: "=") else {
            throw ScenarioError(
                setting: argument, message: "expected PATH=VALUE[,VALUE…], e.g. beacons.*.interval=100ms,1s")
        }
        let path = String(argument[..<equals]).trimmingSpaces
        let values = argument[argument.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0).trimmingSpaces }
        guard !path.isEmpty, !values.contains(where: \.isEmpty) else {
            throw ScenarioError(setting: argument, message: "expected PATH=VALUE[,VALUE…] with no empty path or value")
        }
        self.init(path: path, values: values)
    }
}
