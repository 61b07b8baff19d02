// SPDX-License-Identifier: GPL-3.0-or-later

extension _MappingReader {
    /// `floor: N` (default 0), an integer naming one of `venue.floors`.
    func floor() -> Int {
        guard let node = self["floor"] else { return 0 }
        let count = context.floorCount
        guard let value = context.integer(node, for: "floor", in: .min ... .max) else { return 0 }
        guard (0..<count).contains(value) else {
            context.error(
                "'floor' \(value) does not exist; the venue has \(count) floor\(count == 1 ? "" : "s") "
                    + "(0...\(count - 1)); declare more under 'venue.floors'", at: node)
            return 0
        }
        return value
    }
}
