// SPDX-License-Identifier: GPL-3.0-or-later

/// Proximity UUIDs as text: 8-4-4-4-12 hexadecimal digits, any case, stored upper-case.
enum _UUIDText {
    /// The canonical upper-case form of `text`, or nil when it is not a UUID.
    static func canonical(_ text: String) -> String? {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12],
            groups.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isHexDigit } })
        else { return nil }
        return text.uppercased()
    }
}
