// SPDX-License-Identifier: GPL-3.0-or-later

/// The one error type of the scenario layer: every problem found in one or more scenario files,
/// reported together as located diagnostics, or a `--set`/`sweep:` setting that names no settable
/// field or whose value the field rejects.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    /// The rejected setting as written (`beacons.*.interval=abc`) and why; nil for file diagnostics.
    public var setting: (text: String, message: String)?

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sorted() }

    /// A rejected setting.
    public init(setting: String, message: String) {
        diagnostics = []
        self.setting = (setting, message)
    }

    public var description: String {
        if let setting { return "error: setting '\(setting.text)': \(setting.message)" }
        return RepeatedDiagnostics.summarized(diagnostics.map { ($0.description, $0.message) }).joined(separator: "\n")
    }
}
