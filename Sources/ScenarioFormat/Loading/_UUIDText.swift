// SPDX-License-Identifier: GPL-3.0-or-later

/// Proximity UUIDs as text: 8-4-4-4-12 hexadecimal digits, any case, stored upper-case.
enum _UUIDText {
    /// The canonical upper-case form of `text`, or nil when it is not a UUID.
    static func canonical(_ text: String) -> String? {
        // Read as bytes, not Characters: a scenario of many beacons checks one per beacon. (The
        // format module does not depend on BLEAdvertising, whose BeaconUUID parses the same form.)
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        for (offset, byte) in utf8.enumerated() {
            let dash = offset == 8 || offset == 13 || offset == 18 || offset == 23
            guard dash ? byte == UInt8(ascii: "-") : isHexDigit(byte) else { return nil }
        }
        return text.uppercased()
    }

    /// Whether `byte` is an ASCII hex digit in either case.
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
