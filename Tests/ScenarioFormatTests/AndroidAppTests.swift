// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import ScenarioFormat

/// `app.android:` (the Android app's permissions) and the location-services actions.
@Suite("Android app permissions in scenarios")
struct AndroidAppTests {
    static func phone(_ android: String, actions: String = "") -> String {
        """
        phones:
          - name: alice
            os: android-14-abl
            app:
              android: \(android)
              regions:
                - { name: store, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1 }
            path:
              - { position: [5, 5] }
        \(actions)
        """
    }

    @Test("every key decodes; absent keys stay nil (from permission, or today's defaults)")
    func decodes() throws {
        let text = Support.document(
            Self.phone(
                "{ bluetoothScan: neverForLocation, fineLocation: true, backgroundLocation: false, notifications: false, locationServices: false }",
                actions: "    actions: [{ at: 1m, action: locationServicesOn }, { at: 2m, action: locationServicesOff }]"))
        let scenario = try ScenarioLoader.parse(text: text, path: "t.yaml", catalogue: .permissive)
        let android = try #require(scenario.phones.first?.app.android)
        #expect(
            android
                == AndroidAppSpec(
                    bluetoothScan: .neverForLocation, fineLocation: true, backgroundLocation: false, notifications: false,
                    locationServices: false))
        #expect(scenario.phones.first?.actions.map(\.action) == [.locationServicesOn, .locationServicesOff])
        let partial = try ScenarioLoader.parse(
            text: Support.document(Self.phone("{ backgroundLocation: false }")), path: "t.yaml", catalogue: .permissive)
        #expect(partial.phones.first?.app.android == AndroidAppSpec(backgroundLocation: false))
        let none = try ScenarioLoader.parse(text: Support.document(), path: "t.yaml", catalogue: .permissive)
        #expect(none.phones.first?.app.android == nil)
    }

    @Test("unknown keys and values are located errors with a suggestion")
    func errors() {
        Support.expectOne(
            Support.document(Self.phone("{ backgroundLocaton: false }")), at: "t.yaml:9:18: ",
            "unknown key 'backgroundLocaton' in 'android'; did you mean 'backgroundLocation'?")
        Support.expectOne(
            Support.document(Self.phone("{ bluetoothScan: neverForLocaton }")), at: "t.yaml:9:33: ",
            "unknown value 'neverForLocaton' for 'bluetoothScan'; did you mean 'neverForLocation'?")
        Support.expectOne(
            Support.document(Self.phone("{ fineLocation: maybe }")), at: "t.yaml:9:32: ", "a boolean")
    }
}
