// SPDX-License-Identifier: GPL-3.0-or-later

/// An error reading, decoding or writing a capture, with the byte offset where it was found.
///
/// A struct with a `Code` (not an enum) so codes can be added without breaking clients (swift-nio style).
public struct CaptureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The file or stream ended inside a header or record.
        public static let truncated = Code(rawValue: "truncated")
        /// The file starts with no known magic number.
        public static let badMagic = Code(rawValue: "badMagic")
        /// A known container with a version this reader does not accept.
        public static let unsupportedVersion = Code(rawValue: "unsupportedVersion")
        /// A datalink / link type this reader does not decode.
        public static let unsupportedLinkType = Code(rawValue: "unsupportedLinkType")
        /// A record or block whose fields contradict each other (impossible lengths, unknown interface).
        public static let malformedRecord = Code(rawValue: "malformedRecord")
        /// An HCI packet or event whose contents are inconsistent.
        public static let malformedPacket = Code(rawValue: "malformedPacket")
        /// An H4 packet-type byte outside 0x01–0x05.
        public static let unknownPacketType = Code(rawValue: "unknownPacketType")
        /// The destination of a writer exists and overwriting was not requested.
        public static let fileExists = Code(rawValue: "fileExists")
        /// The operating system refused to open, read, write or rename a file.
        public static let io = Code(rawValue: "io")
    }

    public let code: Code
    /// Byte offset in the file (or stream, or packet) where the problem was found; nil when not applicable.
    public let offset: Int64?
    /// A sentence for people, including the offset, e.g.
    /// "truncated record header at byte offset 1234: need 24 bytes, file has 10".
    public let message: String
    /// The error underneath (the operating system's, for `io`), if this one wraps another; not
    /// part of equality.
    public let cause: (any Error)?

    public init(code: Code, offset: Int64?, message: String, cause: (any Error)? = nil) {
        self.code = code
        self.offset = offset
        self.message = message
        self.cause = cause  // `Error` is `Sendable` in Swift 6
    }

    public var description: String { message }

    public static func == (lhs: CaptureError, rhs: CaptureError) -> Bool {
        lhs.code == rhs.code && lhs.offset == rhs.offset && lhs.message == rhs.message
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(offset)
        hasher.combine(message)
    }

    static func truncated(_ what: String, at offset: Int64, need: Int, have: Int64) -> CaptureError {
        CaptureError(
            code: .truncated, offset: offset,
            message: "truncated \(what) at byte offset \(offset): need \(need) bytes, file has \(have)")
    }

    static func malformed(_ what: String, at offset: Int64, code: Code = .malformedRecord) -> CaptureError {
        CaptureError(code: code, offset: offset, message: "\(what) at byte offset \(offset)")
    }
}
