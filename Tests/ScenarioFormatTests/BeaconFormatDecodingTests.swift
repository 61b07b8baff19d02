// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import ScenarioFormat

/// `eddystone:` and `altbeacon:` beacons, Eddystone regions, `layouts` and `coreBluetooth`: what
/// decodes, and one located diagnostic per mistake (documents as in `DiagnosticTests`).
@Suite("Beacon formats")
struct BeaconFormatDecodingTests {
    static func beacon(_ frames: String) -> String {
        "beacons:\n  - name: door\n    position: [10, 5]\n" + frames
    }

    @Test("eddystone and altbeacon frames decode, alone or beside ibeacon")
    func decodes() throws {
        let text = Support.document(
            Self.beacon(
                """
                    ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 2 }
                    eddystone: { namespace: "edd1ebeac04e5defa017", instance: "0BDB87539B67", url: "https://example.com", tlm: { every: 10 } }
                    altbeacon: { id1: "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6", id2: 1, id3: 2 }
                """))
        let scenario = try ScenarioLoader.parse(text: text, path: "t.yaml", catalogue: .permissive)
        let beacon = try #require(scenario.beacons.first)
        #expect(beacon.sendsIBeacon)
        #expect(
            beacon.eddystone
                == EddystoneSpec(
                    namespace: "EDD1EBEAC04E5DEFA017", instance: "0BDB87539B67", url: "https://example.com", tlmEvery: 10))
        #expect(beacon.altBeacon == AltBeaconSpec(id1: "2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6", id2: 1, id3: 2))
        let alone = try ScenarioLoader.parse(
            text: Support.document(Self.beacon("    eddystone: { url: \"https://example.com\" }")), path: "t.yaml",
            catalogue: .permissive)
        #expect(alone.beacons.first?.sendsIBeacon == false)
    }

    @Test("a beacon without any frame format")
    func noFormat() {
        Support.expectOne(Support.document(Self.beacon("")), at: "t.yaml:6:5: ", "at least one frame format")
    }

    @Test("namespace without instance, bad hex, and no identifying frame")
    func eddystoneMistakes() {
        Support.expectOne(
            Support.document(Self.beacon("    eddystone: { namespace: \"EDD1EBEAC04E5DEFA017\" }")), at: "t.yaml:8:16: ",
            "needs both 'namespace' and 'instance'")
        Support.expectOne(
            Support.document(Self.beacon("    eddystone: { namespace: \"EDD1EBEAC04E5DEFA0\", instance: \"0BDB87539B67\" }")),
            at: "t.yaml:8:29: ", "expected 20 hexadecimal digits")
        Support.expectOne(
            Support.document(Self.beacon("    eddystone: { tlm: { every: 10 } }")), at: "t.yaml:8:16: ",
            "needs an identifying frame")
        Support.expectOne(
            Support.document(Self.beacon("    eddystone: { url: \"https://a.b\", tlm: { every: 1 } }")), at: "t.yaml:8:52: ",
            "every")
    }

    @Test("an unknown key in eddystone suggests the right one")
    func unknownKey() {
        Support.expectOne(
            Support.document(Self.beacon("    eddystone: { url: \"https://a.b\", namespce: \"x\" }")), at: "t.yaml:8:38: ",
            "did you mean 'namespace'?")
    }

    @Test("an altbeacon needs id1, id2 and id3")
    func altBeaconMissing() {
        Support.expectOne(
            Support.document(Self.beacon("    altbeacon: { id1: \"2F234454-CF6D-4A0F-ADF2-F4911BA9FFA6\", id2: 1 }")),
            at: "t.yaml:8:16: ", "missing required key 'id3'")
    }

    static func phone(_ region: String, app extra: String = "") -> String {
        """
        phones:
          - name: alice
            app:
        \(extra)      regions:
                - \(region)
            path:
              - { position: [5, 5] }
        """
    }

    @Test("Eddystone regions: namespace with an optional instance, never beside uuid, major or minor")
    func regions() throws {
        let text = Support.document(Self.phone("{ name: hall, namespace: \"EDD1EBEAC04E5DEFA017\", instance: \"0BDB87539B67\" }"))
        let region = try #require(
            try ScenarioLoader.parse(text: text, path: "t.yaml", catalogue: .permissive).phones.first?.app.regions.first)
        #expect(region.namespace == "EDD1EBEAC04E5DEFA017" && region.instance == "0BDB87539B67" && region.uuid.isEmpty)
        Support.expectOne(
            Support.document(
                Self.phone("{ name: hall, uuid: \"FDA50693-A4E2-4FB1-AFCF-C6EB07647825\", namespace: \"EDD1EBEAC04E5DEFA017\" }")),
            at: "t.yaml:9:25: ", "either 'uuid' or 'namespace'")
        Support.expectOne(
            Support.document(Self.phone("{ name: hall, namespace: \"EDD1EBEAC04E5DEFA017\", major: 1 }")), at: "t.yaml:9:60: ",
            "'major' belongs to UUID regions")
        Support.expectOne(Support.document(Self.phone("{ name: hall }")), at: "t.yaml:9:11: ", "needs 'uuid'")
    }

    @Test("layouts and coreBluetooth decode; an unknown layout is an error")
    func appKeys() throws {
        let region = "{ name: hall, namespace: \"EDD1EBEAC04E5DEFA017\" }"
        let text = Support.document(
            Self.phone(
                region,
                app:
                    "      layouts: [altbeacon, eddystone-uid]\n      api: coreBluetooth\n      coreBluetooth: { backgroundMode: true, exitAfter: 30s }\n"
            )
        )
        let app = try #require(try ScenarioLoader.parse(text: text, path: "t.yaml", catalogue: .permissive).phones.first?.app)
        #expect(app.layouts == [.altbeacon, .eddystoneUID])
        #expect(
            app.coreBluetooth == CoreBluetoothScanSpec(backgroundMode: true, allowDuplicates: true, exitAfter: 30_000_000_000))
        Support.expectOne(
            Support.document(Self.phone(region, app: "      layouts: [eddystone]\n")), at: "t.yaml:8:17: ", "eddystone-uid")
        Support.expectOne(
            Support.document(Self.phone(region, app: "      coreBluetooth: { exitAfter: 30s }\n")), at: "t.yaml:8:7: ",
            "'coreBluetooth' settings are only used by 'api: coreBluetooth'")
    }
}
