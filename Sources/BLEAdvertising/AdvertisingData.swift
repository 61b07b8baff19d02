// SPDX-License-Identifier: GPL-3.0-or-later

/// Advertising or scan-response data split into AD structures (formats.md §6.1).
///
/// Parsing never fails: a length byte of 0 ends the data (padding); a length that runs past the end
/// stops parsing, keeps what parsed and sets `isMalformed` with the offset of the bad length byte.
public struct AdvertisingData: Hashable, Sendable {
    /// The structures in transmission order.
    public let structures: [ADStructure]
    /// True when a length byte ran past the end of the data.
    public let isMalformed: Bool
    /// Byte offset (within the data) of the offending length byte when `isMalformed`.
    public let malformedOffset: Int?

    public init(structures: [ADStructure]) {
        self.structures = structures
        self.isMalformed = false
        self.malformedOffset = nil
    }

    /// Parses `bytes`.
    /// - Complexity: O(n) in the number of bytes.
    public init(bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        var structures: [ADStructure] = []
        var offset = 0
        var malformed: Int? = nil
        while offset < bytes.count {
            let length = Int(bytes[offset])
            if length == 0 { break }
            guard offset + 1 + length <= bytes.count else {
                malformed = offset
                break
            }
            structures.append(
                ADStructure(type: bytes[offset + 1], data: Array(bytes[(offset + 2)..<(offset + 1 + length)])))
            offset += 1 + length
        }
        self.structures = structures
        self.isMalformed = malformed != nil
        self.malformedOffset = malformed
    }

    /// The encoded data: every structure's bytes, concatenated.
    public var bytes: [UInt8] { structures.flatMap(\.bytes) }

    /// The beacon frames this data carries, in structure order (usually zero or one).
    public var beaconFrames: [BeaconFrame] { structures.compactMap(BeaconFrame.init(structure:)) }

    /// The complete or shortened local name, if present and valid UTF-8.
    public var localName: String? {
        let name = structures.first {
            $0.type == ADStructure.completeLocalNameType || $0.type == ADStructure.shortenedLocalNameType
        }
        return name.flatMap { String(validating: $0.data, as: UTF8.self) }
    }
}
