// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Foundation
import RadioPropagation
import ScenarioFormat
import Testing

@Suite("Radio fragments")
struct FragmentTests {
    func write(_ text: String, _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("a scenario imports a fitted fragment: its settings apply where the scenario sets none, and it runs")
    func importAndRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fragment-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try write(
            """
            source: { survey: survey.csv, command: "beaconsim fit" }
            radio:
              measuredPowerOffset: 4.5
              pathLossExponent: 1.9
              shadowingSigma: 3
              materials: { brick: 5.5 }
            devices:
              "surveyPhone": { reportingOffset: 12, sensitivity: -99, scanCeiling: 0.5 }
            """, "radio.yaml", in: directory)
        let path = try write(
            """
            schemaVersion: 1
            duration: 2m
            imports: [radio.yaml]
            venue: { size: [30, 10], environment: explicitWalls, walls: [{ from: [15, 0], to: [15, 10], material: brick }] }
            radio: { shadowingSigma: 2 }
            beacons:
              - { name: b, ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 1 }, position: [5, 5] }
            phones:
              - name: p
                device: surveyPhone
                app: { state: foreground, ranging: true, regions: [{ name: b, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825" }] }
                path: [{ position: [25, 5] }, { position: [6, 5], speed: 1 }]
            """, "venue.yaml", in: directory)
        let scenario = try ScenarioLoader.load(path: path, catalogue: .standard)
        #expect(scenario.radio.measuredPowerOffset == 4.5)
        #expect(scenario.radio.shadowingSigma == 2)  // the scenario's own setting wins
        #expect(scenario.radio.materials["brick"] == 5.5)
        #expect(scenario.devices["surveyPhone"]?.scanCeiling == 0.5)
        let setup = try RadioSetup(scenario)
        #expect(setup.propagation.configuration.measuredPowerOffset == 4.5)
        #expect(setup.propagation.walls.walls.first?.lossDB == 5.5)
        let device = try #require(
            DeviceProfile(named: "surveyPhone", in: scenario, configuration: setup.propagation.configuration))
        #expect(device == DeviceProfile(reportingOffset: 12, sensitivity: -99, scanCeiling: 0.5))
        let result = try World(scenario: scenario, seed: 1).run()
        #expect(result.packetsReceived > 0)
        // Laid over (predict --radio), the fragment's settings win instead.
        let fragment = try RadioFragment.load(path: directory.appendingPathComponent("radio.yaml").path)
        #expect(scenario.overlaid(with: fragment).radio.shadowingSigma == 3)
    }

    @Test("a phone naming an unknown device is an error at its key")
    func unknownDevice() {
        let text = """
            schemaVersion: 1
            duration: 1m
            venue: { size: [10, 10] }
            phones:
              - name: p
                device: nokia3310
                app: { regions: [{ name: r, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825" }] }
                path: [{ position: [1, 1] }]
            """
        #expect {
            try ScenarioLoader.parse(text: text, path: "u.yaml", catalogue: .standard)
        } throws: { String(describing: $0).contains("u.yaml:6:13: error: unknown device 'nokia3310'") }
    }
}
