// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// `venue:` (size, environment, materials, walls, zones) and `radio:`.
enum _VenueDecoding {
    static func venue(_ node: Node, context: _DecodingContext) -> VenueSpec? {
        guard let map = _MappingReader(node, for: "venue", table: _SchemaKeys.venue, context: context) else {
            return nil
        }
        context.declared.venueRead = true
        var size: Point2D?
        if let sizeNode = map["size"], let value = context.point(sizeNode, for: "size") {
            if value.x > 0 && value.y > 0 {
                size = value
                context.venueSize = value
            } else {
                context.error("'size' must be [width, height] in metres, both > 0", at: sizeNode)
            }
        }
        var environment = "retail"
        if let envNode = map["environment"], let text = context.name(envNode, for: "environment") {
            let known = context.catalogue.environments.sorted()
            environment = known.isEmpty ? text : context.oneOf(known, text, for: "environment", at: envNode) ?? text
        }
        let materials = map["materials"].map { materialTable($0, context: context) } ?? [:]
        let floors = map.each("floors") { node, _ in floor(node, context: context) }
        context.floorCount = max(1, floors.count)
        let walls = map.each("walls") { node, _ in wall(node, context: context) }
        var zoneNames = _UniqueNames(what: "zone")
        let zones = map.each("zones") { node, _ in zone(node, names: &zoneNames, context: context) }
        guard let size else { return nil }
        return VenueSpec(
            width: size.x, height: size.y, environment: environment, walls: walls, zones: zones, materials: materials,
            floors: floors)
    }

    /// `materials: { name: lossDB }`, losses >= 0 dB.
    static func materialTable(_ node: Node, context: _DecodingContext) -> [String: Double] {
        guard let map = _MappingReader(node, for: "materials", table: _SchemaKeys.materials, context: context) else {
            return [:]
        }
        var table: [String: Double] = [:]
        for name in map.orderedKeys {
            context.declared.materials.insert(name)
            table[name] = map.power(name, unit: "dB", in: 0...Double.infinity)
        }
        return table
    }

    private static func wall(_ node: Node, context: _DecodingContext) -> WallSpec? {
        guard let map = _MappingReader(node, for: "walls", table: _SchemaKeys.wall, context: context) else {
            return nil
        }
        let from = endpoint(map, "from")
        let to = endpoint(map, "to")
        if let from, let to, from == to, let toNode = map["to"] {
            context.error("a wall needs two different end points; 'from' and 'to' are both this point", at: toNode)
        }
        let material = map.name("material")
        if let material { map.refer(.material, material, from: "material") }
        let floor = map.floor()
        guard let from, let to, let material else { return nil }
        return WallSpec(from: from, to: to, material: material, floor: floor, location: map.location)
    }

    /// A point under `key`, reported when outside the venue.
    private static func endpoint(_ map: _MappingReader, _ key: String) -> Point2D? {
        guard let node = map[key], let point = map.context.point(node, for: key) else { return nil }
        map.context.checkInsideVenue(point, at: node, for: key)
        return point
    }

    private static func zone(_ node: Node, names: inout _UniqueNames, context: _DecodingContext) -> ZoneSpec? {
        guard let map = _MappingReader(node, for: "zones", table: _SchemaKeys.zone, context: context) else {
            return nil
        }
        let name = map.name("name")
        if let name, let nameNode = map["name"] {
            names.insert(name, at: nameNode, context: context)
            context.declared.zones.insert(name)
        }
        var polygon: [Point2D]?
        if let polygonNode = map["polygon"], let items = context.list(polygonNode, for: "polygon") {
            let points = items.compactMap { item -> Point2D? in
                guard let point = context.point(item, for: "polygon") else { return nil }
                context.checkInsideVenue(point, at: item, for: "polygon")
                return point
            }
            if items.count < 3 {
                context.error("'polygon' needs at least 3 vertices, found \(items.count)", at: polygonNode)
            } else if points.count == items.count {
                polygon = points
            }
        }
        let floor = map.floor()
        let crowd = map.number("crowd", in: 0...10)
        guard let name, let polygon else { return nil }
        return ZoneSpec(name: name, polygon: polygon, floor: floor, crowd: crowd)
    }

    /// `floors: [{ name, height }]`, height in metres > 0 (default 3.5).
    private static func floor(_ node: Node, context: _DecodingContext) -> FloorSpec? {
        guard let map = _MappingReader(node, for: "floors", table: _SchemaKeys.floor, context: context) else {
            return nil
        }
        return FloorSpec(name: map.name("name"), height: map.number("height", in: 0.5...100) ?? 3.5)
    }

    static func radio(_ node: Node, context: _DecodingContext) -> RadioSpec? {
        guard let map = _MappingReader(node, for: "radio", table: _SchemaKeys.radio, context: context) else {
            return nil
        }
        var exponent = map.number("pathLossExponent", in: 0...10)
        if exponent == 0, let exponentNode = map["pathLossExponent"] {
            context.error("'pathLossExponent' must be > 0", at: exponentNode)
            exponent = nil
        }
        var spec = RadioSpec(
            pathLossExponent: exponent, shadowingSigma: map.power("shadowingSigma", unit: "dB", in: 0...30),
            decorrelationDistance: map.number("decorrelationDistance", in: 0...1000),
            sensitivity: map.power("sensitivity", in: -130 ... -30),
            measurementNoise: map.power("measurementNoise", unit: "dB", in: 0...20),
            wallLossCap: map.power("wallLossCap", unit: "dB", in: 0...1000),
            minimumDistance: map.number("minimumDistance", in: 0.01...100),
            environmentalDoppler: map.number("environmentalDoppler", in: 0...1000),
            bodyLossFront: map.power("bodyLossFront", unit: "dB", in: 0...60),
            bodyLossBehind: map.power("bodyLossBehind", unit: "dB", in: 0...60),
            bodyLossTransition: map.number("bodyLossTransition", in: 0...90),
            shadowing: map.bool("shadowing"), bodyLoss: map.bool("bodyLoss"), walls: map.bool("walls"),
            fading: map.bool("fading"), packetErrors: map.bool("packetErrors"), floors: map.bool("floors"),
            crowds: map.bool("crowds"), collisions: map.bool("collisions"), deterministic: map.bool("deterministic"),
            floorModel: map["floorModel"].flatMap { node in
                context.name(node, for: "floorModel").flatMap {
                    context.oneOf(RadioSpec.floorModels, $0, for: "floorModel", at: node)
                }
            },
            crowdLossCap: map.power("crowdLossCap", unit: "dB", in: 0...100),
            captureThreshold: map.power("captureThreshold", unit: "dB", in: 0...40),
            receiverOffsetSigma: map.power("receiverOffsetSigma", unit: "dB", in: 0...20))
        spec.measuredPowerOffset = map.power("measuredPowerOffset", unit: "dB", in: -60...60)
        spec.breakpointDistance = map.number("breakpointDistance", in: 0...100_000)
        spec.farPathLossExponent = map.number("farPathLossExponent", in: 0.1...10)
        spec.ricianKFactor = map.power("ricianKFactor", unit: "dB", in: -30...40)
        spec.beaconHeight = map.number("beaconHeight", in: 0...100)
        spec.phoneHeight = map.number("phoneHeight", in: 0...100)
        spec.materials = map["materials"].map { materialTable($0, context: context) } ?? [:]
        return spec
    }
}
