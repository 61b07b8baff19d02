// SPDX-License-Identifier: GPL-3.0-or-later

/// The error a failing monitoring or ranging request reports (`CLError` in shape: a code and a reason).
public struct SimulatedLocationError: Error, Hashable, Sendable {
    /// What failed.
    public struct Code: Hashable, Sendable {
        public let rawValue: String
        /// `CLError.regionMonitoringFailure`.
        public static let regionMonitoringFailure = Code(rawValue: "regionMonitoringFailure")
        /// `CLError.rangingFailure`.
        public static let rangingFailure = Code(rawValue: "rangingFailure")
    }

    public var code: Code
    public var reason: String

    public init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }
}
