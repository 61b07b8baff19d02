// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("beaconsim profiles and inspect")
struct ProfilesAndInspectTests {
    @Test("profiles --json lists every profile with a source for every parameter")
    func profiles() throws {
        let output = try CLI.run(["profiles", "--json"])
        #expect(output.status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        let names = list.compactMap { $0["name"] as? String }
        #expect(names.contains("ios") && names.contains("ios-7.0"))
        // The version families say what they changed, with the source.
        let families = Dictionary(
            uniqueKeysWithValues: list.compactMap { profile in
                (profile["name"] as? String).map { ($0, profile["changes"] as? [String] ?? []) }
            })
        #expect(families["ios-17"]?.contains { $0.contains("CLMonitor") } == true)
        #expect(families["ios-18"]?.contains { $0.contains("CLServiceSession") && $0.contains("H)") } == true)
        #expect(families["ios-26"]?.contains { $0.contains("826964") } == true)
        #expect(families["ios"] == [])
        for profile in list {
            for parameter in profile["parameters"] as? [[String: Any]] ?? [] {
                #expect(!((parameter["source"] as? String) ?? "").isEmpty)
            }
        }
    }

    @Test("inspect --json on the Android btsnoop capture finds its two iBeacon identities")
    func inspect() throws {
        let output = try CLI.run([
            "inspect", "--json", CLI.path("Tests/HCICaptureTests/Fixtures/horizon74-btsnoop-h4-legacy-ibeacon.log"),
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "btsnoop")
        #expect(object["reports"] as? Int == 412)
        let beacons = object["beacons"] as? [[String: Any]] ?? []
        #expect(beacons.compactMap { $0["frames"] as? Int }.sorted() == [1, 10])
        #expect(beacons.allSatisfy { $0["uuid"] as? String == "494E5445-4C4C-495F-524F-434B535F4857" })
    }
}
