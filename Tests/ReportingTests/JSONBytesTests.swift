// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import BeaconSim
import PhoneModel
import Reporting
import SimulationCore
import Testing

/// The byte writers' formatting of edge values: the golden bytes below, and the same bytes as
/// `JSONText` (the `String` builder the result formats were defined with) over many values.
@Suite("JSON byte writer")
struct JSONBytesTests {
    func written(_ body: (inout JSONBytes) -> Void) -> String {
        var out = JSONBytes()
        body(&out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    @Test("golden bytes of integers, times and fixed-decimal numbers at the edges")
    func goldenNumbers() {
        #expect(written { $0.int(0) } == "0")
        #expect(written { $0.int(-7) } == "-7")
        #expect(written { $0.int(Int.min) } == "-9223372036854775808")
        #expect(written { $0.int(Int.max) } == "9223372036854775807")
        #expect(written { $0.seconds(nanoseconds: 0) } == "0.000000000")
        #expect(written { $0.seconds(nanoseconds: -1_500_000_001) } == "-1.500000001")
        #expect(written { $0.seconds(nanoseconds: 86_400_000_000_000) } == "86400.000000000")
        let fixed: [(Double, Int, String)] = [
            (0, 3, "0"), (-0.0, 3, "0"), (-0.0004, 3, "0"), (0.0005, 3, "0.001"), (-0.0005, 3, "-0.001"),
            (1.23449, 3, "1.234"), (2.5, 0, "3"), (-2.5, 0, "-3"), (12.3456, 1, "12.3"), (-84.25, 1, "-84.3"),
            (99.995, 2, "100"), (1e14 + 0.25, 2, "100000000000000.23"), (0.00012, 9, "0.00012"),
            (0.00005, 9, "5e-05"), (1e20, 2, "1e+20"), (.infinity, 3, "null"), (.nan, 1, "null"),
        ]
        for (value, decimals, text) in fixed {
            #expect(written { $0.number(value, decimals: decimals) } == text, "\(value) to \(decimals) places")
        }
        #expect(written { $0.number(3600) } == "3600")
        #expect(written { $0.number(-0.0) } == "0")
        #expect(written { $0.number(0.1) } == "0.1")
        #expect(written { $0.number(1e300) } == "1e+300")
    }

    @Test("strings are escaped only where JSON needs it")
    func goldenStrings() {
        #expect(written { $0.string("plain name") } == #""plain name""#)
        #expect(written { $0.string("say \"hi\"\\now") } == #""say \"hi\"\\now""#)
        #expect(written { $0.string("tab\tline\ncr\r\u{01}\u{1F}") } == #""tab\tline\ncr\r\u0001\u001f""#)
        #expect(written { $0.string("café ☕ 𝄞\u{7F}") } == "\"café ☕ 𝄞\u{7F}\"")
        #expect(written { $0.string("") } == #""""#)
    }

    @Test("every number and string comes out as JSONText writes it")
    func sameAsJSONText() {
        var generator = SplitMix(seed: 26)
        for _ in 0..<20_000 {
            let exponent = Double(Int(generator.next() % 24)) - 8
            let sign: Double = generator.next() % 2 == 0 ? 1 : -1
            let value = sign * Double(generator.next() % 1_000_000) / 1_000_000 * pow10(exponent)
            let decimals = Int(generator.next() % 10)
            #expect(written { $0.number(value, decimals: decimals) } == JSONText.number(value, decimals: decimals))
            #expect(written { $0.number(value) } == JSONText.number(value))
        }
        for text in ["", "a\"b", "\\", "\u{0}\u{8}\u{B}\u{C}", "Ünïcödé", "x\ny"] {
            #expect(written { $0.string(text) } == JSONText.string(text))
        }
    }

    @Test("integers and UUIDs come out as String and BeaconUUID write them")
    func integersAndUUIDs() {
        var generator = SplitMix(seed: 30)
        for _ in 0..<20_000 {
            let bits = generator.next()
            let value = Int(bitPattern: UInt(bits >> (bits % 64)))
            #expect(written { $0.int(value) } == String(value))
            let uuid = BeaconUUID(high: generator.next(), low: bits)
            #expect(written { $0.uuid(high: uuid.high, low: uuid.low) } == uuid.description)
        }
        #expect(written { $0.uuid(high: 0, low: .max) } == "00000000-0000-0000-FFFF-FFFFFFFFFFFF")
        // The short path of RSSIs, floors and counts, and its edges.
        for value in -1_001...1_001 { #expect(written { $0.int(value) } == String(value)) }
    }

    @Test("bytes written once are repeated, and the last one taken back")
    func repeatAndRemoveLast() {
        #expect(
            written { out in
                out.raw("[")
                out.number(1.25, decimals: 9)
                out.byte(0x2C)
                out.repeat(1..<5)
                out.raw("]!")
                out.removeLast()
            } == "[1.25,1.25]")
    }

    @Test("a ranging list formats each UUID where it changes and repeats it where it does not")
    func rangingUUIDs() throws {
        let first = try #require(BeaconUUID(string: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"))
        let second = try #require(BeaconUUID(string: "00000000-0000-0000-0000-00000000000A"))
        let uuids = [first, first, second, first, second, second]
        let beacons = uuids.enumerated().map { index, uuid in
            RangedBeacon(
                identity: IBeaconIdentity(uuid: uuid, major: 1, minor: UInt16(index)), rssi: -60 - index,
                accuracy: Double(index) + 0.5, proximity: .far)
        }
        let text = TimelineWriter.line(
            TraceRecord(time: .zero, phone: "p", event: .didRangeBeacons(region: "r", beacons: beacons)))
        let expected = beacons.map { beacon in
            "{\"uuid\":\"\(beacon.identity.uuid)\",\"major\":1,\"minor\":\(beacon.identity.minor),"
                + "\"rssi\":\(beacon.rssi),\"accuracy\":\(JSONText.number(beacon.accuracy, decimals: 3)),\"proximity\":\"far\"}"
        }
        let opening = #"{"t":0.000000000,"phone":"p","event":"didRangeBeacons","region":"r","beacons":["#
        #expect(text == opening + expected.joined(separator: ",") + "]}")
    }

    @Test("a ranging record's bytes: UUID, accuracy rounding, unknown proximity")
    func rangingRecord() {
        let uuid = BeaconUUID(string: "e2c56db5-dffb-48d2-b060-d0f5a71096e0")
        let beacons = [
            RangedBeacon(
                identity: IBeaconIdentity(uuid: uuid!, major: 65535, minor: 0), rssi: -71, accuracy: 2.34567,
                proximity: .near),
            RangedBeacon(identity: IBeaconIdentity(uuid: uuid!, major: 1, minor: 2), rssi: 0, accuracy: -1, proximity: .unknown),
        ]
        let line = TimelineWriter.line(
            TraceRecord(time: SimTime(nanoseconds: 5), phone: "a \"b\"", event: .didRangeBeacons(region: "r", beacons: beacons)))
        #expect(
            line
                == #"{"t":0.000000005,"phone":"a \"b\"","event":"didRangeBeacons","region":"r","beacons":[{"uuid":"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0","major":65535,"minor":0,"rssi":-71,"accuracy":2.346,"proximity":"near"},{"uuid":"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0","major":1,"minor":2,"rssi":0,"accuracy":-1,"proximity":"unknown"}]}"#
        )
    }

    private func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(exponent.magnitude) { result = exponent < 0 ? result / 10 : result * 10 }
        return result
    }
}

/// A small deterministic generator (SplitMix64) for the property test.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
