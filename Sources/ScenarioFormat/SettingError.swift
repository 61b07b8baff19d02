// SPDX-License-Identifier: GPL-3.0-or-later

/// A `--set`/`sweep:` setting that names no settable field or whose value the field rejects.
public struct SettingError: Error, Sendable, CustomStringConvertible {
    /// The setting as written (`beacons.*.interval=abc`).
    public var setting: String
    public var message: String

    public init(setting: String, message: String) {
        self.setting = setting
        self.message = message
    }

    public var description: String { "error: setting '\(setting)': \(message)" }
}
