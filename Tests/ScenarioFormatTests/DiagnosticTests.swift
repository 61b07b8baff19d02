// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import ScenarioFormat

/// Each kind of error yields one diagnostic at the exact `file:line:col` of the offending key or
/// value. Documents are the four header lines of `Support.document`, the lines shown, then a
/// valid phone.
@Suite("Diagnostics")
struct DiagnosticTests {
    static let beacon = """
        beacons:
          - name: door
            ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 2 }
            position: [10, 5]
        """

    @Test("the valid base document decodes")
    func baseIsValid() {
        #expect(Support.diagnostics(Support.document(Self.beacon)) == [])
    }

    @Test("wrong node kind")
    func wrongKind() {
        let text = Support.document(Self.beacon + "\n    txPower: { value: 3 }")
        Support.expectOne(text, at: "t.yaml:9:14: ", "expected a number for 'txPower', found a mapping")
    }

    @Test("unknown key, with the allowed keys and a suggestion")
    func unknownKey() {
        let text = Support.document(Self.beacon + "\n    txPowr: 3")
        Support.expectOne(text, at: "t.yaml:9:5: ", "unknown key 'txPowr' in 'beacons'; did you mean 'txPower'?")
        #expect(Support.diagnostics(text).first?.contains("allowed: name, ibeacon, position, txPower") == true)
        let far = Support.document("colour: red")
        Support.expectOne(far, at: "t.yaml:5:1: ", "unknown key 'colour' in 'scenario' (allowed: schemaVersion,")
    }

    @Test("unparsable UUID")
    func badUUID() {
        let text = Support.document(Self.beacon.replacingOccurrences(of: "C6EB07647825", with: "C6EB0764782G"))
        Support.expectOne(text, at: "t.yaml:7:22: ", "invalid UUID 'FDA50693-A4E2-4FB1-AFCF-C6EB0764782G'")
    }

    @Test("negative and out-of-range interval")
    func negativeInterval() {
        Support.expectOne(
            Support.document(Self.beacon + "\n    interval: -100ms"), at: "t.yaml:9:15: ",
            "'interval' must be in [20ms, 10240ms], found -100ms")
        Support.expectOne(
            Support.document(Self.beacon + "\n    interval: 100"), at: "t.yaml:9:15: ", "duration needs a unit")
    }

    @Test("empty path, waypoint outside the venue, early arrival")
    func path() {
        let empty = Support.phones.replacingOccurrences(of: "path:\n      - { position: [5, 5] }", with: "path: []")
        Support.expectOne(Support.document(empty), at: "t.yaml:10:11: ", "'path' must have at least one waypoint")
        let outside = Support.phones.replacingOccurrences(of: "[5, 5]", with: "[50, 5]")
        Support.expectOne(
            Support.document(outside), at: "t.yaml:11:21: ", "'position' [50, 5] is outside the venue [0, 40] × [0, 30]"
        )
        let early =
            Support.phones
            + "\n      - { position: [25, 5], at: 1m, dwell: 1m }\n      - { position: [30, 5], at: 90s }"
        Support.expectOne(
            Support.document(early), at: "t.yaml:13:34: ",
            "'at' 90s is too early: the phone leaves the previous waypoint at 2m and needs time to walk here")
        let speedAndAt = Support.phones + "\n      - { position: [25, 5], at: 1m, speed: 2 }"
        Support.expectOne(Support.document(speedAndAt), at: "t.yaml:12:38: ", "'at' and 'speed' are mutually exclusive")
        let samePlace = Support.phones + "\n      - { position: [5, 5], at: 0s, dwell: 1m }"
        #expect(Support.diagnostics(Support.document(samePlace)) == [])
        let beyondRun = Support.phones + "\n      - { position: [25, 5], at: 1h }"
        #expect(Support.diagnostics(Support.document(beyondRun)) == [])
    }

    @Test("duplicate names and duplicate keys")
    func duplicates() {
        let twice = Self.beacon + "\n" + Self.beacon.split(separator: "\n").dropFirst().joined(separator: "\n")
        Support.expectOne(
            Support.document(twice), at: "t.yaml:9:11: ", "duplicate beacon name 'door' (first used at 6:11)")
        Support.expectOne(
            Support.document("seed: 1\nseed: 2"), at: "t.yaml:6:1: ", "duplicate key 'seed' (first at 5:1)")
        let flow = Support.document(Self.beacon + "\n    schedule: [{ at: 1m, at: 2m, power: off }]")
        Support.expectOne(flow, at: "t.yaml:9:26: ", "duplicate key 'at'")
    }

    @Test("bad claim condition")
    func badCondition() {
        let claim = "expect:\n  - { region: store, metric: exitLatencyFromZone, p95: \"about 60s\" }"
        Support.expectOne(Support.document(claim), at: "t.yaml:6:56: ", "'p95': invalid condition 'about 60s'")
        let bare = "expect:\n  - { metric: falseExits, mean: 5 }"
        Support.expectOne(Support.document(bare), at: "t.yaml:6:33: ", "write \"<= 5\"")
        let unitless = "expect:\n  - { metric: exitLatencyFromZone, p95: \"<= 60\" }"
        Support.expectOne(Support.document(unitless), at: "t.yaml:6:41: ", "needs a unit, e.g. 60s")
        let rate = "expect:\n  - { metric: exitLatencyFromZone, rate: \"<= 0.1\" }"
        Support.expectOne(Support.document(rate), at: "t.yaml:6:42: ", "'rate' applies only to count metrics")
        let unknownRegion = "expect:\n  - { region: stor, metric: exits, max: \"<= 3\" }"
        Support.expectOne(
            Support.document(unknownRegion), at: "t.yaml:6:15: ", "unknown region 'stor'; did you mean 'store'?")
        let none = "expect:\n  - { metric: exits }"
        Support.expectOne(Support.document(none), at: "t.yaml:6:5: ", "a claim needs at least one statistic")
    }

    @Test("bad duration unit")
    func badUnit() {
        let text = Support.document().replacingOccurrences(of: "duration: 10m", with: "duration: 10min")
        Support.expectOne(
            text, at: "t.yaml:2:11: ", "unknown duration unit 'min' in '10min'; use ns, us, ms, s, m or h")
    }

    @Test("unknown profile and unknown override key with a non-permissive catalogue")
    func catalogue() {
        let catalogue = ParameterCatalogue(profiles: ["ios": ["exitHysteresis": .duration], "android": [:]])
        let profile = Support.phones.replacingOccurrences(of: "- name: alice", with: "- name: alice\n    os: iso")
        Support.expectOne(
            Support.document(profile), at: "t.yaml:7:9: ", "unknown value 'iso' for 'os'; did you mean 'ios'?",
            catalogue: catalogue)
        let key = Support.phones.replacingOccurrences(
            of: "- name: alice", with: "- name: alice\n    overrides: { exitHysteresys: 20s }")
        Support.expectOne(
            Support.document(key), at: "t.yaml:7:18: ",
            "unknown parameter 'exitHysteresys' for this OS profile; did you mean 'exitHysteresis'?",
            catalogue: catalogue)
        let kind = Support.phones.replacingOccurrences(
            of: "- name: alice", with: "- name: alice\n    overrides: { exitHysteresis: 20 }")
        Support.expectOne(Support.document(kind), at: "t.yaml:7:34: ", "duration needs a unit", catalogue: catalogue)
        #expect(Support.diagnostics(Support.document(key)) == [], "a permissive catalogue accepts any key")
    }

    @Test("environment and material names are checked against a non-empty catalogue")
    func environmentAndMaterial() {
        let catalogue = ParameterCatalogue(profiles: [:], environments: ["retail", "office"], materials: ["brick"])
        let text =
            "schemaVersion: 1\nduration: 10m\nvenue:\n  size: [40, 30]\n  environment: offce\n"
            + "  walls: [{ from: [0, 0], to: [5, 0], material: brik }]\n" + Support.phones
        let found = Support.diagnostics(text, catalogue: catalogue)
        #expect(found.count == 2, "\(found)")
        #expect(
            found.first?.hasPrefix(
                "t.yaml:5:16: error: unknown value 'offce' for 'environment'; did you mean 'office'?") == true)
        #expect(
            found.last?.hasPrefix("t.yaml:6:49: error: unknown material 'brik'; did you mean 'brick'?") == true,
            "\(found)")
        #expect(Support.diagnostics(text).isEmpty, "any name is accepted by the permissive catalogue")
    }

    @Test("integers that do not fit are errors, not traps")
    func integerRanges() {
        Support.expectOne(
            Support.document(Self.beacon.replacingOccurrences(of: "major: 1", with: "major: 70000")),
            at: "t.yaml:7:69: ", "'major' must be an integer in 0...65535, found 70000")
        Support.expectOne(
            Support.document("seed: -1"), at: "t.yaml:5:7: ", "'seed' must be an integer in 0...18446744073709551615")
        Support.expectOne(
            Support.document("replications: 99999999999999999999999"), at: "t.yaml:5:15: ",
            "'replications' must be an integer")
    }

    @Test("missing required keys are reported at the parent mapping")
    func missing() {
        let text = "schemaVersion: 1\nvenue:\n  size: [40, 30]\n" + Support.phones
        Support.expectOne(text, at: "t.yaml:1:1: ", "missing required key 'duration' in 'scenario'")
        let noIdentity = Self.beacon.replacingOccurrences(of: "major: 1, ", with: "")
        Support.expectOne(
            Support.document(noIdentity), at: "t.yaml:7:14: ", "missing required key 'major' in 'ibeacon'")
    }

    @Test("YAML syntax error at Yams' mark")
    func yamlSyntax() {
        let text = "schemaVersion: 1\nvenue:\n  size: [40, 30\nduration: 10m\n"
        let found = Support.diagnostics(text)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("t.yaml:4:9: error: syntax error: ") == true, "\(found)")
    }

    @Test("a tab in YAML is named as a tab, at its line and column")
    func yamlTab() {
        let found = Support.diagnostics("schemaVersion: 1\nduration: 10m\nvenue:\n\tsize: [40, 30]\n")
        #expect(found == ["t.yaml:4:1: error: a tab character: YAML indentation must be spaces; replace the tab with spaces"])
    }

    @Test("JSON syntax error at the right line and column")
    func jsonSyntax() {
        let text = "{\n  \"schemaVersion\": 1,\n  \"duration\": \"10m\"\n  \"venue\": { \"size\": [40, 30] }\n}\n"
        let found = Support.diagnostics(text, path: "t.json")
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix("t.json:4:3: error: syntax error: did not find expected ',' or '}'") == true,
            "\(found)")
    }

    @Test("JSON files get the same schema checks with exact locations")
    func jsonLocations() {
        let text =
            "{\n  \"schemaVersion\": 1,\n  \"duration\": \"10m\",\n  \"venue\": { \"size\": [40, -30] },\n  \"phones\": []\n}\n"
        let found = Support.diagnostics(text, path: "t.json")
        #expect(
            found == [
                "t.json:4:22: error: 'size' must be [width, height] in metres, both > 0",
                "t.json:5:13: error: 'phones' must list at least one phone",
            ])
    }

    @Test("an empty or unreadable file is one diagnostic at 1:1")
    func emptyAndUnreadable() {
        Support.expectOne("", at: "t.yaml:1:1: ", "the file is empty")
        Support.expectOne("# only a comment\n", at: "t.yaml:1:1: ", "the file is empty")
        Support.expectOne("- 1\n- 2\n", at: "t.yaml:1:1: ", "expected a mapping for 'scenario', found a list")
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(path: "/nonexistent/x.yaml") }
        do {
            _ = try ScenarioLoader.load(path: "/nonexistent/x.yaml")
        } catch let error as ScenarioError {
            #expect(error.diagnostics.count == 1)
            #expect(error.description.hasPrefix("/nonexistent/x.yaml:1:1: error: cannot read the file"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("several problems are all reported, sorted, in one ScenarioError")
    func several() {
        let text = """
            schemaVersion: 2
            duration: 0s
            venue:
              size: [40, 30]
              zones: [{ name: hall, polygon: [[0, 0], [1, 1]] }]
            beacons:
              - { name: a, ibeacon: { uuid: nope, major: 1, minor: 1 }, position: [1, 1], interval: 5ms }
            phones:
              - name: p
                carry: backpack
                app:
                  regions: [{ name: r, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", minor: 3, zone: hal }]
                  rules: [{ on: enter, region: q, do: notify }]
                path: [{ position: [1, 1] }]
                actions: [{ at: 1m, action: permission }]
            expect:
              - { phone: q, metric: entries, max: "<= 2" }
            """
        let found = Support.diagnostics(text)
        let expected = [
            "t.yaml:1:16: error: unsupported schemaVersion 2",
            "t.yaml:2:11: error: 'duration' must be > 0",
            "t.yaml:5:34: error: 'polygon' needs at least 3 vertices, found 2",
            "t.yaml:7:33: error: invalid UUID 'nope'",
            "t.yaml:7:89: error: 'interval' must be in [20ms, 10240ms], found 5ms",
            "t.yaml:10:12: error: unknown value 'backpack' for 'carry'",
            "t.yaml:12:74: error: 'minor' requires 'major'",
            "t.yaml:12:90: error: unknown zone 'hal'; did you mean 'hall'?",
            "t.yaml:13:15: error: a 'notify' rule needs 'text'",
            "t.yaml:13:36: error: unknown region 'q'",
            "t.yaml:15:15: error: action 'permission' needs 'value'",
            "t.yaml:17:14: error: unknown phone 'q'",
        ]
        #expect(found.count == expected.count, "\(found.joined(separator: "\n"))")
        for (line, prefix) in zip(found, expected) { #expect(line.hasPrefix(prefix), "\(line)") }
    }
}
