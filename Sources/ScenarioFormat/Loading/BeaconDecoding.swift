// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// `beacons:` items: frames (`ibeacon`, `eddystone`, `altbeacon`: at least one), position, power,
/// advertising interval and power schedule.
enum _BeaconDecoding {
    /// Advertising intervals the BLE specification allows: 20 ms to 10.24 s.
    static let intervalRange: ClosedRange<Int64> = 20_000_000...10_240_000_000

    static func beacon(_ node: Node, names: inout _UniqueNames, context: _DecodingContext) -> BeaconSpec? {
        guard let map = _MappingReader(node, for: "beacons", table: _SchemaKeys.beacon, context: context) else {
            return nil
        }
        let name = map.name("name")
        if let name, let nameNode = map["name"] { names.insert(name, at: nameNode, context: context) }
        let identity = map["ibeacon"].flatMap { ibeacon($0, context: context) }
        let eddystone = map["eddystone"].flatMap { _BeaconFormatDecoding.eddystone($0, context: context) }
        let altBeacon = map["altbeacon"].flatMap { _BeaconFormatDecoding.altBeacon($0, context: context) }
        let formats = ["ibeacon", "eddystone", "altbeacon"].filter { map[$0] != nil }
        if formats.isEmpty {
            context.error(
                "a beacon needs at least one frame format: 'ibeacon', 'eddystone' or 'altbeacon'", at: map.node)
        }
        var position: Point2D?
        if let positionNode = map["position"], let point = context.point(positionNode, for: "position") {
            context.checkInsideVenue(point, at: positionNode, for: "position")
            position = point
        }
        let floor = map.floor()
        let txPower = map.power("txPower", in: -40...20) ?? 0
        let measuredPower = map.power("measuredPower", in: -127...0) ?? (-59 + txPower)
        let interval = map.duration("interval", in: intervalRange) ?? 100_000_000
        let schedule = map["schedule"].map { self.schedule($0, context: context) } ?? []
        let rotation = map.duration("addressRotation", in: 1_000_000_000...ScenarioLimits.maximumSpan)
        let reportShare = map.number("reportShare", in: 0.001...1)
        let power = self.power(map, context: context)
        guard let name, let position, !formats.isEmpty, map["ibeacon"] == nil || identity != nil,
            map["eddystone"] == nil || eddystone != nil, map["altbeacon"] == nil || altBeacon != nil
        else { return nil }
        var beacon = BeaconSpec(
            name: name, uuid: identity?.uuid ?? "", major: identity?.major ?? 0, minor: identity?.minor ?? 0,
            position: position, txPower: txPower, measuredPower: measuredPower, interval: interval, schedule: schedule)
        beacon.sendsIBeacon = identity != nil
        beacon.eddystone = eddystone
        beacon.altBeacon = altBeacon
        beacon.floor = floor
        beacon.addressRotation = rotation
        beacon.reportShare = reportShare
        beacon.power = power
        beacon.location = map.location
        return beacon
    }

    /// `chip:` and `battery:` (both or neither), with `txCurrent` (mA) and `batteryCapacity` (mAh)
    /// where the scenario has its own figures, `batteryDerating` (share of capacity at the site's
    /// temperature), `batteryAge` (days in use at t = 0: TLM frames report the battery's voltage)
    /// and `dischargeCurve` (`[[used share, volts], …]`, used shares rising from 0 to 1).
    private static func power(_ map: _MappingReader, context: _DecodingContext) -> BeaconPowerSpec? {
        let chip = map.choice("chip", as: BeaconChipName.self)
        let battery = map.choice("battery", as: BeaconBatteryName.self)
        let current = map.number("txCurrent", in: 0.1...200)
        let capacity = map.number("batteryCapacity", in: 1...100_000)
        let derating = map.number("batteryDerating", in: 0.01...1)
        let age = map.number("batteryAge", in: 0...36_525)
        let curve = dischargeCurve(map, context: context)
        for (key, other) in [
            ("chip", "battery"), ("battery", "chip"), ("txCurrent", "chip"), ("batteryCapacity", "battery"),
            ("batteryDerating", "battery"), ("batteryAge", "battery"), ("dischargeCurve", "battery"),
        ]
        where map[key] != nil && map[other] == nil {
            context.error(
                "'\(key)' needs '\(other)' (a battery life needs both a chip and a battery)", at: map.keyNode(key) ?? map.node)
        }
        guard let chip, let battery else { return nil }
        return BeaconPowerSpec(
            chip: chip, battery: battery, transmitMilliamps: current, capacityMilliampHours: capacity,
            capacityDerating: derating, ageDays: age, dischargeCurve: curve)
    }

    /// `dischargeCurve: [[0, 3.0], [0.9, 2.7], [1, 2.0]]`: at least two points, used shares in 0…1
    /// rising strictly from 0 to 1, volts in 0.5…5.
    private static func dischargeCurve(_ map: _MappingReader, context: _DecodingContext) -> [BeaconPowerSpec.VoltagePoint]? {
        guard let node = map["dischargeCurve"], let items = map.list("dischargeCurve") else { return nil }
        var points: [BeaconPowerSpec.VoltagePoint] = []
        for item in items {
            guard let point = context.point(item, for: "dischargeCurve") else { return nil }
            guard (0...1).contains(point.x), (0.5...5).contains(point.y) else {
                context.error(
                    "'dischargeCurve' points are [used share 0…1, volts 0.5…5]; found [\(point.x), \(point.y)]", at: item)
                return nil
            }
            if let last = points.last, point.x <= last.used {
                context.error("'dischargeCurve' used shares must rise strictly; \(point.x) follows \(last.used)", at: item)
                return nil
            }
            points.append(BeaconPowerSpec.VoltagePoint(used: point.x, volts: point.y))
        }
        guard points.count >= 2, points.first?.used == 0, points.last?.used == 1 else {
            context.error("'dischargeCurve' needs at least two points, from used share 0 to 1", at: node)
            return nil
        }
        return points
    }

    /// `ibeacon: { uuid, major, minor }`.
    private static func ibeacon(_ node: Node, context: _DecodingContext) -> (
        uuid: String, major: UInt16, minor: UInt16
    )? {
        guard let map = _MappingReader(node, for: "ibeacon", table: _SchemaKeys.ibeacon, context: context) else {
            return nil
        }
        let uuid = map["uuid"].flatMap { uuidText($0, context: context) }
        let major = map.integer("major", in: 0...65_535).map(UInt16.init)
        let minor = map.integer("minor", in: 0...65_535).map(UInt16.init)
        guard let uuid, let major, let minor else { return nil }
        return (uuid, major, minor)
    }

    /// A proximity UUID in canonical upper-case form (shared with regions).
    static func uuidText(_ node: Node, context: _DecodingContext) -> String? {
        guard let text = context.string(node, for: "uuid") else { return nil }
        guard let canonical = _UUIDText.canonical(text.trimmingSpaces) else {
            context.error(
                "invalid UUID '\(text)'; expected 8-4-4-4-12 hexadecimal digits, "
                    + "e.g. FDA50693-A4E2-4FB1-AFCF-C6EB07647825", at: node)
            return nil
        }
        return canonical
    }

    /// `schedule: [{ at, power }]`, times within the run and strictly increasing.
    private static func schedule(_ node: Node, context: _DecodingContext) -> [BeaconSpec.PowerChange] {
        var changes: [BeaconSpec.PowerChange] = []
        var previous: Int64?
        for item in context.list(node, for: "schedule") ?? [] {
            guard let map = _MappingReader(item, for: "schedule", table: _SchemaKeys.powerChange, context: context)
            else { continue }
            let on = map.bool("power")
            guard let atNode = map["at"], let at = context.duration(atNode, for: "at") else { continue }
            context.checkWithinRun(at, at: atNode, for: "at")
            if let previous, at <= previous {
                context.error(
                    "schedule times must increase: \(at.durationText) is not after \(previous.durationText)", at: atNode
                )
            }
            previous = at
            if let on { changes.append(BeaconSpec.PowerChange(at: at, on: on)) }
        }
        return changes
    }
}
