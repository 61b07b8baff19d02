// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import Testing

@Suite("Beacon UUIDs as text")
struct BeaconUUIDTextTests {
    @Test("the dashed form and 32 bare digits, either case, give the same bytes")
    func accepted() throws {
        let upper = try #require(BeaconUUID(string: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"))
        #expect(upper == BeaconUUID(high: 0xE2C5_6DB5_DFFB_48D2, low: 0xB060_D0F5_A710_96E0))
        #expect(BeaconUUID(string: "e2c56db5-dffb-48d2-b060-d0f5a71096e0") == upper)
        #expect(BeaconUUID(string: "E2C56DB5DFFB48D2B060D0F5A71096E0") == upper)
        #expect(upper.description == "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")
        // Every UUID's description reads back as itself.
        var bits: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<1_000 {
            bits = bits &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let uuid = BeaconUUID(high: bits, low: bits.byteSwapped ^ 0x5555)
            #expect(BeaconUUID(string: uuid.description) == uuid)
        }
    }

    @Test("anything else is refused")
    func refused() {
        for text in [
            "", "E2C56DB5-DFFB-48D2-B060-D0F5A71096E", "E2C56DB5-DFFB-48D2-B060-D0F5A71096E00",
            "E2C56DB5DFFB-48D2-B060-D0F5A71096E0-", "E2C56DB5-DFFB-48D2-B060-D0F5A71096EG",
            "+2C56DB5-DFFB-48D2-B060-D0F5A71096E0", "E2C56DB5 DFFB 48D2 B060 D0F5A71096E0",
            "E2C56DB5DFFB48D2B060D0F5A71096É", "E2C56DB5-DFFB-48D2-B060-D0F5A71096É",
        ] {
            #expect(BeaconUUID(string: text) == nil, "\(text)")
        }
    }
}
