// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import ScenarioFormat

/// Floors, crowds, receive offsets, radio switches and `imports:` (issue 4).
@Suite("Layout keys and imports")
struct LayoutKeysTests {
    @Test("floors, floor on beacons/walls/zones/waypoints, crowd, device and the new radio switches decode")
    func decodes() throws {
        let text = """
            schemaVersion: 1
            duration: 10m
            venue:
              size: [40, 30]
              floors: [{ name: ground, height: 4 }, { height: 3 }]
              walls:
                - { from: [1, 1], to: [5, 1], material: drywall, floor: 1 }
              zones:
                - { name: hall, polygon: [[0, 0], [10, 0], [10, 10]], floor: 1, crowd: 0.4 }
            radio: { floors: off, crowds: off, collisions: off, deterministic: true, floorModel: p1238, captureThreshold: 12 }
            beacons:
              - { name: b, ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 1 }, position: [2, 2], floor: 1 }
            phones:
              - name: alice
                device: pixel7a
                app:
                  regions:
                    - { name: store, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1 }
                path:
                  - { position: [5, 5] }
                  - { position: [9, 5], speed: 1, floor: 1 }
            """
        let scenario = try ScenarioLoader.parse(text: text, path: "t.yaml")
        #expect(scenario.venue.floors == [FloorSpec(name: "ground", height: 4), FloorSpec(height: 3)])
        #expect(scenario.venue.walls.first?.floor == 1)
        #expect(scenario.venue.zones.first?.floor == 1 && scenario.venue.zones.first?.crowd == 0.4)
        #expect(scenario.beacons.first?.floor == 1)
        #expect(scenario.phones.first?.device == "pixel7a")
        #expect(scenario.phones.first?.path.map(\.floor) == [0, 1])
        let radio = scenario.radio
        #expect(radio.floors == false && radio.crowds == false && radio.collisions == false)
        #expect(radio.deterministic == true && radio.floorModel == "p1238" && radio.captureThreshold == 12)
    }

    @Test("bystanders: a name and a path of waypoints; names unique")
    func bystanders() throws {
        let scenario = try ScenarioLoader.parse(
            text: Support.document(
                "bystanders:\n  - { name: guard, path: [{ position: [1, 1] }, { position: [9, 1], speed: 0.5 }] }"),
            path: "t.yaml")
        #expect(scenario.bystanders.map(\.name) == ["guard"])
        #expect(scenario.bystanders.first?.path.count == 2)
        let twice = Support.diagnostics(
            Support.document(
                "bystanders:\n  - { name: a, path: [{ position: [1, 1] }] }\n  - { name: a, path: [{ position: [2, 1] }] }"))
        #expect(twice.count == 1 && twice.first?.contains("duplicate bystander name 'a'") == true, "\(twice)")
    }

    @Test("a floor the venue does not have is reported at its value")
    func unknownFloor() {
        Support.expectOne(
            Support.document(
                "beacons:\n  - { name: b, ibeacon: { uuid: \"FDA50693-A4E2-4FB1-AFCF-C6EB07647825\", major: 1, minor: 1 }, position: [2, 2], floor: 2 }"
            ),
            at: "t.yaml:6:120: ", "'floor' 2 does not exist; the venue has 1 floor")
    }

    @Test("imports: phones and claims join; diagnostics name the imported file, line and column")
    func imports() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imports-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let shared = """
            phones:
              - name: bob
                app:
                  regions:
                    - { name: store, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1 }
                path:
                  - { position: [5, 5] }
            expect:
              - { region: store, metric: missedEntries, rate: "<= 0.1" }
            """
        try Data(shared.utf8).write(to: directory.appendingPathComponent("people.yaml"))
        let main = directory.appendingPathComponent("layout.yaml").path
        let header = "schemaVersion: 1\nduration: 10m\nvenue:\n  size: [40, 30]\n"
        try Data((header + "imports: [people.yaml]\n").utf8).write(to: URL(fileURLWithPath: main))
        let scenario = try ScenarioLoader.load(path: main)
        #expect(scenario.phones.map(\.name) == ["bob"])
        #expect(scenario.expect.count == 1)
        #expect(scenario.imports == [directory.appendingPathComponent("people.yaml").path])

        // A waypoint outside the venue, in the imported file: reported there (line 7, column 21).
        try Data(shared.replacingOccurrences(of: "[5, 5]", with: "[50, 5]").utf8)
            .write(to: directory.appendingPathComponent("people.yaml"))
        do {
            _ = try ScenarioLoader.load(path: main)
            Issue.record("expected a diagnostic")
        } catch let error as ScenarioError {
            let text = error.diagnostics.map(\.description)
            #expect(text.count == 1)
            #expect(
                text.first?.hasPrefix(directory.appendingPathComponent("people.yaml").path + ":7:21: error: ") == true, "\(text)")
        }
        // A missing file: reported at the import's entry in the importing file.
        try Data((header + "imports: [nobody.yaml]\n").utf8).write(to: URL(fileURLWithPath: main))
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(path: main) }
        do { _ = try ScenarioLoader.load(path: main) } catch let error as ScenarioError {
            #expect(
                error.diagnostics.first?.description.hasPrefix(main + ":5:11: error: cannot read imported file 'nobody.yaml'")
                    == true,
                "\(error.diagnostics)")
        }
    }
}
