// SPDX-License-Identifier: GPL-3.0-or-later

/// Eddystone-URL: a compressed URL (google/eddystone `eddystone-url`; formats.md §6.3).
public struct EddystoneURLFrame: Hashable, Sendable {
    /// Frame-type byte (high nibble 1).
    public static let frameType: UInt8 = 0x10
    /// URL scheme prefixes, indexed by the scheme byte.
    public static let schemes = ["http://www.", "https://www.", "http://", "https://"]
    /// Expansions of the bytes 0x00–0x0D inside the encoded URL.
    public static let expansions = [
        ".com/", ".org/", ".edu/", ".net/", ".info/", ".biz/", ".gov/",
        ".com", ".org", ".edu", ".net", ".info", ".biz", ".gov",
    ]

    /// Calibrated TX power at 0 m, dBm.
    public let txPower: Int8
    /// The scheme byte (0–3).
    public let scheme: UInt8
    /// The encoded URL bytes after the scheme (at most 17).
    public let encodedURL: [UInt8]

    /// Decodes the bytes after the frame-type byte; nil for an unknown scheme, an over-long URL, or a
    /// reserved byte (0x0E–0x20, 0x7F–0xFF).
    public init?(frameData data: [UInt8]) {
        guard data.count >= 2, data.count <= 19, Int(data[1]) < Self.schemes.count else { return nil }
        let encoded = Array(data[2...])
        guard encoded.allSatisfy({ $0 <= 0x0D || (0x21...0x7E).contains($0) }) else { return nil }
        self.txPower = Int8(bitPattern: data[0])
        self.scheme = data[1]
        self.encodedURL = encoded
    }

    /// Encodes `url` with the longest matching scheme and expansions; nil when it does not start with
    /// a known scheme, needs more than 17 encoded bytes, or holds characters outside 0x21–0x7E.
    public init?(txPower: Int8, url: String) {
        let text = Array(url.utf8)
        // Longest prefix first: "https://www." before "https://", and so on.
        guard let schemeIndex = [1, 0, 3, 2].first(where: { text.starts(with: Self.schemes[$0].utf8) }) else {
            return nil
        }
        var rest = text[Self.schemes[schemeIndex].utf8.count...]
        var encoded: [UInt8] = []
        while let first = rest.first {
            let match = Self.expansions.indices.filter { rest.starts(with: Self.expansions[$0].utf8) }
                .max { Self.expansions[$0].utf8.count < Self.expansions[$1].utf8.count }
            if let match {
                encoded.append(UInt8(match))
                rest = rest.dropFirst(Self.expansions[match].utf8.count)
            } else {
                guard (0x21...0x7E).contains(first) else { return nil }
                encoded.append(first)
                rest = rest.dropFirst()
            }
        }
        guard encoded.count <= 17 else { return nil }
        self.init(frameData: [UInt8(bitPattern: txPower), UInt8(schemeIndex)] + encoded)
    }

    /// The expanded URL, e.g. `https://goo.gl/S6zT6P`.
    public var url: String {
        var result = Self.schemes[Int(scheme)]
        for byte in encodedURL {
            if byte <= 0x0D {
                result += Self.expansions[Int(byte)]
            } else {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return result
    }

    /// The Service Data structure: `<len> 16 AA FE 10 <tx> <scheme> <encoded URL>`.
    public var serviceDataStructure: ADStructure {
        ADStructure(
            type: ADStructure.serviceData16Type,
            data: [0xAA, 0xFE, Self.frameType, UInt8(bitPattern: txPower), scheme] + encodedURL)
    }
}
