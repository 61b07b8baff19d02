// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import ScenarioFormat

/// A planned layout as a scenario file a user can `check`, `compare` and edit: the source
/// scenario's text with its `beacons:` block replaced, its `name:` renamed and its `imports:`
/// pointed at the same files from the folder it is written to (relative paths, so the import
/// confinement to the scenario tree still holds when that folder is inside it).
enum PlannedLayoutFile {
    /// One `beacons:` line per beacon, in the source files' flow style.
    static func beaconLines(_ beacons: [BeaconSpec]) -> [String] {
        beacons.map { beacon in
            var fields = [
                "name: \(beacon.name)",
                "ibeacon: { uuid: \"\(beacon.uuid)\", major: \(beacon.major), minor: \(beacon.minor) }",
                "position: [\(number(beacon.position.x)), \(number(beacon.position.y))]",
                "txPower: \(number(beacon.txPower))", "measuredPower: \(number(beacon.measuredPower))",
                "interval: \(beacon.interval / 1_000_000)ms",
            ]
            if beacon.floor != 0 { fields.append("floor: \(beacon.floor)") }
            if let power = beacon.power {
                fields += ["chip: \(power.chip.rawValue)", "battery: \(power.battery.rawValue)"]
                fields += [
                    power.transmitMilliamps.map { "txCurrent: \(exact($0))" },
                    power.capacityMilliampHours.map { "batteryCapacity: \(exact($0))" },
                    power.capacityDerating.map { "batteryDerating: \(exact($0))" },
                    power.ageDays.map { "batteryAge: \(exact($0))" },
                    power.dischargeCurve.map { curve in
                        "dischargeCurve: [" + curve.map { "[\(exact($0.used)), \(exact($0.volts))]" }.joined(separator: ", ")
                            + "]"
                    },
                ].compactMap { $0 }
            }
            return "  - { " + fields.joined(separator: ", ") + " }"
        }
    }

    /// The text of the planned scenario; nil when the source has no top-level `beacons:` block.
    static func text(
        source: String, sourcePath: String, into folder: URL, name: String, beacons: [BeaconSpec], comment: String
    ) -> String? {
        var lines = source.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("beacons:") }) else { return nil }
        var end = start + 1
        while end < lines.count, lines[end].isEmpty || lines[end].hasPrefix(" ") || lines[end].hasPrefix("#") { end += 1 }
        lines.replaceSubrange(start..<end, with: ["beacons:"] + beaconLines(beacons))
        let directory = URL(fileURLWithPath: sourcePath).deletingLastPathComponent()
        for index in lines.indices {
            if lines[index].hasPrefix("name:") { lines[index] = "name: \(name)" }
            if lines[index].hasPrefix("imports: ["), let close = lines[index].lastIndex(of: "]") {
                let inner = lines[index][lines[index].index(lines[index].startIndex, offsetBy: 10)..<close]
                let paths = inner.split(separator: ",").map { item -> String in
                    let path = item.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                    return relative(directory.appendingPathComponent(path), from: folder)
                }
                lines[index] = "imports: [" + paths.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            }
        }
        return "# " + comment + "\n" + lines.joined(separator: "\n")
    }

    /// `target` relative to the folder `base` (`../shared/people.yaml`).
    static func relative(_ target: URL, from base: URL) -> String {
        let to = target.standardizedFileURL.pathComponents
        let from = base.standardizedFileURL.pathComponents
        var common = 0
        while common < min(to.count, from.count), to[common] == from[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
    }

    /// `value` in its shortest exact form (`5.3`, `0.875`, `2`): the scenario's own figures as given.
    static func exact(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 100).rounded() / 100)
    }
}
