// SPDX-License-Identifier: GPL-3.0-or-later

/// Upper-case hex text for byte strings (no separators).
enum _Hex {
    static func string(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
