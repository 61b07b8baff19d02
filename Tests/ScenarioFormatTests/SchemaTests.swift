// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import ScenarioFormat

/// `Scenarios/schema.json` and the loader's key tables describe the same format: at every level
/// the schema's property names and required keys equal the table's, and its enums equal the
/// model's cases.
@Suite("JSON Schema")
struct SchemaTests {
    typealias Object = [String: Any]

    static func schema() throws -> Object {
        let data = try Data(contentsOf: URL(fileURLWithPath: Support.path("Scenarios/schema.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? Object)
    }

    /// `object` with a `$ref` (`#/$defs/name`) followed; of `anyOf` alternatives (a string or a
    /// mapping), the mapping.
    static func resolve(_ object: Object, in schema: Object) throws -> Object {
        if let alternatives = object["anyOf"] as? [Object],
            let mapping = alternatives.first(where: { $0["properties"] != nil })
        {
            return mapping
        }
        guard let reference = object["$ref"] as? String else { return object }
        let name = try #require(reference.split(separator: "/").last.map(String.init))
        let defs = try #require(schema["$defs"] as? Object)
        return try resolve(try #require(defs[name] as? Object), in: schema)
    }

    /// The sub-schema at a key-table path such as `phones[].app.regions[]` or `devices.*`.
    static func node(at path: String, in schema: Object) throws -> Object {
        var current = schema
        for component in path.split(separator: ".") where !component.isEmpty {
            if component == "*" {  // any key of a name → value mapping (`devices.*`)
                current = try resolve(try #require(current["additionalProperties"] as? Object), in: schema)
                continue
            }
            let isList = component.hasSuffix("[]")
            let key = isList ? String(component.dropLast(2)) : String(component)
            let properties = try #require(current["properties"] as? Object, "no properties above \(key)")
            current = try resolve(try #require(properties[key] as? Object, "no property \(key)"), in: schema)
            if isList { current = try resolve(try #require(current["items"] as? Object), in: schema) }
        }
        return current
    }

    @Test("property names and required keys equal the loader's tables at every level")
    func keysMatch() throws {
        let schema = try Self.schema()
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        for (path, table) in _SchemaKeys.byPath {
            let object = try Self.node(at: path, in: schema)
            let properties = try #require(object["properties"] as? Object, "\(path)")
            #expect(Set(properties.keys) == Set(table.allowed ?? []), "keys at '\(path)'")
            #expect(Set(object["required"] as? [String] ?? []) == Set(table.required), "required at '\(path)'")
            #expect(object["additionalProperties"] as? Bool == false, "closed at '\(path)'")
            let patterns = (object["patternProperties"] as? Object).map { Array($0.keys) } ?? []
            #expect(patterns == (table.pattern.map { [$0.regex] } ?? []), "key patterns at '\(path)'")
        }
    }

    @Test("the percentile key pattern of the schema accepts exactly the keys the loader reads")
    func percentileKeys() throws {
        let regex = try Regex(ClaimStatistic.percentilePattern)
        for key in ["p1", "p5", "p50", "p99", "p99.9", "p99.99", "p0.5", "p100", "p", "p5.", "p.5", "px", "p050", "mean"] {
            #expect(
                (key.wholeMatch(of: regex) != nil) == ClaimStatistic.isPercentileKey(key), "\(key)")
        }
        #expect(ClaimStatistic(key: "p99.9") == .percentile(99.9))
        #expect(ClaimStatistic(key: "p0") == nil && ClaimStatistic(key: "p100") == nil)
    }

    @Test("enums equal the model's cases")
    func enumsMatch() throws {
        let schema = try Self.schema()
        func cases(_ path: String, _ key: String) throws -> [String] {
            let properties = try #require(try Self.node(at: path, in: schema)["properties"] as? Object)
            return try #require((properties[key] as? Object)?["enum"] as? [String], "\(path).\(key)")
        }
        #expect(try cases("phones[]", "carry") == CarryPosition.allCases.map(\.rawValue))
        #expect(try cases("phones[].app", "state") == InitialAppState.allCases.map(\.rawValue))
        #expect(try cases("phones[].app", "permission") == LocationPermission.allCases.map(\.rawValue))
        #expect(try cases("phones[].app.android", "bluetoothScan") == AndroidBluetoothScan.allCases.map(\.rawValue))
        #expect(try cases("phones[].app.rules[]", "on") == RuleTrigger.allCases.map(\.rawValue))
        #expect(try cases("phones[].app.rules[]", "do") == RuleAction.allCases.map(\.rawValue))
        #expect(try cases("phones[].actions[]", "action") == UserAction.allCases.map(\.rawValue))
        #expect(try cases("phones[]", "maker") == PhoneMaker.allCases.map(\.rawValue))
        #expect(try cases("phones[].app", "standbyBucket") == StandbyBucketName.allCases.map(\.rawValue))
        #expect(try cases("phones[].actions[]", "value") == LocationPermission.allCases.map(\.rawValue))
        #expect(try cases("expect[]", "metric") == ClaimMetric.allCases.map(\.rawValue))
        #expect(try cases("expect[].from", "pick") == EventSelector.Pick.allCases.map(\.rawValue))
        #expect(try cases("outputs", "ranging") == OutputSpec.Ranging.allCases.map(\.rawValue))
        #expect(try cases("outputs", "track") == OutputSpec.Track.allCases.map(\.rawValue))
        #expect(try cases("outputs", "compression") == OutputSpec.Compression.allCases.map(\.rawValue))
        let defs = try #require(Self.schema()["$defs"] as? Object)
        let events = try #require((defs["eventPattern"] as? Object)?["enum"] as? [String])
        #expect(events == TimelineVocabulary.events.map(\.name))
    }

    @Test("the duration pattern lists exactly the parser's units")
    func durationUnits() throws {
        let defs = try #require(try Self.schema()["$defs"] as? Object)
        let pattern = try #require((defs["duration"] as? Object)?["pattern"] as? String)
        let units = try #require(pattern.split(separator: "(").last?.split(separator: ")").first)
        #expect(Set(units.split(separator: "|").map(String.init)) == Set(DurationParser.units.keys))
    }
}
