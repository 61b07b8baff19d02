// SPDX-License-Identifier: GPL-3.0-or-later

/// `0x`-prefixed upper-case hex for messages, without Foundation's `String(format:)`.
enum _HexText {
    static func byte(_ value: UInt8) -> String { "0x" + digits(UInt64(value), width: 2) }
    static func word(_ value: UInt16) -> String { "0x" + digits(UInt64(value), width: 4) }

    static func digits(_ value: UInt64, width: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
