// SPDX-License-Identifier: GPL-3.0-or-later
public import HCICapture

/// A failure talking to a live controller: transport, timeout, or a bad status in its reply.
///
/// A struct with a `Code` so codes can be added without breaking clients (swift-nio style).
public struct HCIError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The transport name does not parse (`tcp-client:HOST:PORT`, `hci:0`, …).
        public static let badTransportName = Code(rawValue: "badTransportName")
        /// The operating system refused to open, read or write the transport.
        public static let transport = Code(rawValue: "transport")
        /// The peer closed the connection.
        public static let closed = Code(rawValue: "closed")
        /// No reply within the time limit.
        public static let timeout = Code(rawValue: "timeout")
        /// The controller answered a command with a status other than Success.
        public static let badStatus = Code(rawValue: "badStatus")
        /// The controller sent bytes that are not H4-framed HCI packets.
        public static let protocolError = Code(rawValue: "protocolError")
    }

    public let code: Code
    /// For `badStatus`: the controller's status.
    public let status: HCIStatus?
    /// A sentence for people, e.g. "LE Set Scan Enable (0x200C) failed: 0x0C Command Disallowed".
    public let message: String
    /// The error underneath (the capture decoder's, for `protocolError`), if this one wraps
    /// another; not part of equality.
    public let cause: (any Error & Sendable)?

    public init(code: Code, status: HCIStatus? = nil, message: String, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.status = status
        self.message = message
        self.cause = cause
    }

    public var description: String { message }

    public static func == (lhs: HCIError, rhs: HCIError) -> Bool {
        lhs.code == rhs.code && lhs.status == rhs.status && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(status)
        hasher.combine(message)
    }
}
