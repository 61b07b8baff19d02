// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import ScenarioFormat

@Suite("The example scenario")
struct ExampleTests {
    static let yamlPath = Support.path("Tests/ScenarioFormatTests/Examples/every-key.yaml")
    static let jsonPath = Support.path("Tests/ScenarioFormatTests/Examples/every-key.json")

    @Test("YAML and its JSON twin decode to equal scenarios")
    func twins() throws {
        var yaml = try ScenarioLoader.load(path: Self.yamlPath)
        var json = try ScenarioLoader.load(path: Self.jsonPath)
        #expect(yaml.sourcePath == Self.yamlPath)
        #expect(yaml.sourceHash != json.sourceHash)
        #expect(yaml.phones.first?.path.first?.location.line == 57)
        #expect(json.phones.first?.path.first?.location.line == 161)
        // Besides path and hash, only the recorded source locations may differ.
        (yaml, json) = (yaml.withoutSourceLocations, json.withoutSourceLocations)
        #expect(yaml.venue == json.venue)
        #expect(yaml.beacons == json.beacons)
        #expect(yaml.phones == json.phones)
        #expect(yaml.expect == json.expect)
        #expect(yaml == json)
    }

    @Test("the examples in docs/scenario-format.md are the example files, and decode")
    func documentedExamples() throws {
        let doc = try String(contentsOfFile: Support.path("docs/scenario-format.md"), encoding: .utf8)
        for (fence, path) in [("```yaml\n", Self.yamlPath), ("```json\n", Self.jsonPath)] {
            let start = try #require(doc.range(of: fence)?.upperBound)
            let end = try #require(doc.range(of: "```\n", range: start..<doc.endIndex)?.lowerBound)
            let block = String(doc[start..<end])
            #expect(block == (try String(contentsOfFile: path, encoding: .utf8)), "\(fence) block differs from \(path)")
            #expect(throws: Never.self) { try ScenarioLoader.parse(text: block, path: "doc") }
        }
    }

    @Test("values, defaults and units come out as documented")
    func values() throws {
        let scenario = try ScenarioLoader.load(path: Self.yamlPath)
        #expect(scenario.name == "every-key")
        #expect(scenario.summary == "Entry and exit latency of a background app in a small store")
        #expect(scenario.seed == 42 && scenario.replications == 200)
        #expect(scenario.duration == 600_000_000_000)
        #expect(scenario.venue.materials == ["steelDoor": 9])
        #expect(
            scenario.radio
                == RadioSpec(
                    pathLossExponent: 2.2, shadowingSigma: 4, sensitivity: -95, shadowing: true, bodyLoss: true,
                    walls: true))
        let door = try #require(scenario.beacons.first)
        #expect(door.uuid == "FDA50693-A4E2-4FB1-AFCF-C6EB07647825")
        #expect(door.measuredPower == -59)
        #expect(door.schedule == [.init(at: 300_000_000_000, on: false), .init(at: 390_000_000_000, on: true)])
        let till = try #require(scenario.beacons.last)
        #expect(till.measuredPower == -63, "default is -59 + txPower")
        #expect(till.interval == 1_100_000_000)
        let alice = try #require(scenario.phones.first)
        #expect(alice.overrides.map(\.value) == [.duration(20_000_000_000), .number(0.5), .flag(false)])
        #expect(alice.app.regions.map(\.zone) == ["store", nil])
        #expect(alice.path.map(\.at) == [0, 30_000_000_000, nil])
        #expect(alice.path.last?.speed == 1.0)
        #expect(alice.actions.last?.value == "whenInUse")
        let claim = try #require(scenario.expect.first?.measured)
        #expect(claim.conditions.map(\.statistic) == [.mean, .p95])
        #expect(claim.conditions.first?.bound == 20 && claim.conditions.first?.upperBound == 50)
        let third = try #require(scenario.expect[2].measured)
        #expect(third.conditions.map(\.statistic) == [.p50, .percentile(99.9), .count])
        #expect(
            third.conditions.last == ClaimCondition(statistic: .count, comparison: .greaterOrEqual, bound: 1, text: ">= 1"))
        #expect(third.conditions.first?.bound == -2)
        #expect(
            scenario.expect[3].measured?.side.quantity.description == "count didDetermineState{reason: screenOn, state: inside}")
        #expect(scenario.expect[5].parts.count == 2)
        let comparison = try #require(scenario.expect.last?.measured)
        #expect(comparison.side.variant == "withTask" && comparison.versus?.variant == nil)
        #expect(scenario.variants.map(\.name) == ["withTask"])
    }

    @Test("sourceHash is the SHA-256 of the bytes, for files and for text alike")
    func hash() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.yamlPath))
        let text = try #require(String(data: data, encoding: .utf8))
        let fromFile = try ScenarioLoader.load(path: Self.yamlPath)
        let fromText = try ScenarioLoader.parse(text: text, path: "x.yaml")
        #expect(fromFile.sourceHash == fromText.sourceHash)
        #expect(fromFile.sourceHash.count == 64 && fromFile.sourceHash == fromFile.sourceHash.lowercased())
    }

    @Test("the name defaults to the file name without extension, and defaults fill the rest")
    func defaults() throws {
        let scenario = try ScenarioLoader.parse(text: Support.document(), path: "some/dir/lobby.test.yml")
        #expect(scenario.name == "lobby.test")
        #expect(scenario.seed == 1 && scenario.replications == 100 && scenario.summary == nil)
        #expect(scenario.venue.environment == "retail" && scenario.radio == RadioSpec())
        let phone = try #require(scenario.phones.first)
        #expect(phone.os == "ios" && phone.carry == .pocket && phone.overrides.isEmpty)
        #expect(phone.app == AppSpec(regions: phone.app.regions))
        #expect(phone.app.regions.first?.minor == nil && phone.app.regions.first?.notifyEntryStateOnDisplay == false)
    }

    @Test("more than 20 regions is not a validation error (the cap is simulated at run time)")
    func manyRegions() throws {
        let regions = (0..<30).map {
            "        - { name: r\($0), uuid: \"FDA50693-A4E2-4FB1-AFCF-C6EB07647825\", major: \($0) }"
        }
        let text = Support.document(
            """
            phones:
              - name: bob
                app:
                  regions:
            \(regions.joined(separator: "\n"))
                path: [{ position: [1, 1] }]
            """)
        let scenario = try ScenarioLoader.parse(text: text, path: "many.yaml")
        #expect(scenario.phones.first?.app.regions.count == 30)
    }

    @Test("a catalogue that knows the names accepts them")
    func catalogue() throws {
        let catalogue = ParameterCatalogue(
            profiles: ["ios": ["exitHysteresis": .duration, "backgroundEntryDelayLogSD": .number, "hardwareAssisted": .flag]],
            environments: ["retail", "office"], materials: ["brick", "drywall"])
        let scenario = try ScenarioLoader.load(path: Self.yamlPath, catalogue: catalogue)
        #expect(scenario.phones.first?.overrides.count == 3)
    }
}

extension Scenario {
    /// The scenario with `sourcePath`, `sourceHash` and every `location` cleared, so that the
    /// same content read from different files compares equal.
    var withoutSourceLocations: Scenario {
        var copy = self
        (copy.sourcePath, copy.sourceHash) = ("", "")
        for w in copy.venue.walls.indices { copy.venue.walls[w].location = .unknown }
        copy.expect = copy.expect.map(\.withoutLocations)
        for b in copy.beacons.indices { copy.beacons[b].location = .unknown }
        for v in copy.variants.indices { copy.variants[v].scenario = copy.variants[v].scenario.withoutSourceLocations }
        for p in copy.phones.indices {
            copy.phones[p].location = .unknown
            for i in copy.phones[p].overrides.indices { copy.phones[p].overrides[i].location = .unknown }
            for i in copy.phones[p].app.regions.indices { copy.phones[p].app.regions[i].location = .unknown }
            for i in copy.phones[p].app.rules.indices { copy.phones[p].app.rules[i].location = .unknown }
            for i in copy.phones[p].path.indices { copy.phones[p].path[i].location = .unknown }
            for i in copy.phones[p].actions.indices { copy.phones[p].actions[i].location = .unknown }
            for i in copy.phones[p].randomActions.indices { copy.phones[p].randomActions[i].location = .unknown }
        }
        return copy
    }
}

extension ClaimSpec {
    /// The claim with its location and its parts' locations cleared.
    var withoutLocations: ClaimSpec {
        switch form {
        case .measured: ClaimSpec(form, location: .unknown)
        case .anyOf(let parts): ClaimSpec(.anyOf(parts.map(\.withoutLocations)), location: .unknown)
        case .allOf(let parts): ClaimSpec(.allOf(parts.map(\.withoutLocations)), location: .unknown)
        }
    }
}
