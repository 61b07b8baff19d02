// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import ScenarioFormat

@Suite("Durations")
struct DurationParserTests {
    @Test(
        "exact conversion to nanoseconds",
        arguments: [
            ("0s", 0), ("1ns", 1), ("250us", 250_000), ("100ms", 100_000_000), ("1.5s", 1_500_000_000),
            ("1.1s", 1_100_000_000), ("0.1s", 100_000_000), ("5m", 300_000_000_000), ("6.5m", 390_000_000_000),
            ("1h", 3_600_000_000_000), ("10.24s", 10_240_000_000), ("0.000000001s", 1), ("1.000000000s", 1_000_000_000),
            ("-2s", -2_000_000_000), ("+3ms", 3_000_000), (" 30s ", 30_000_000_000),
            ("0.00000000001h", 36), ("2562047h", 9_223_369_200_000_000_000),
            ("9223372036854775807ns", Int64.max),
        ] as [(String, Int64)])
    func exact(text: String, nanoseconds: Int64) {
        #expect(DurationParser.nanoseconds(text) == .success(nanoseconds))
    }

    @Test(
        "malformed durations are errors with a reason",
        arguments: [
            ("30", "needs a unit"), ("1.5ns", "not a whole number of nanoseconds"),
            ("10min", "unknown duration unit 'min'"), ("10 s", "unknown duration unit ' s'"), ("s", "invalid duration"),
            ("", "invalid duration"), ("1..2s", "invalid duration"), ("1.s", "invalid duration"),
            (".5s", "invalid duration"),
            ("1e3s", "unknown duration unit 'e3s'"), ("9223372036854775808ns", "too large"), ("2562048h", "too large"),
            ("99999999999999999999999h", "too large"), ("0.00000000000000000001s", "not a whole number"),
            ("1h30m", "unknown duration unit 'h30m'"), ("--1s", "invalid duration"),
        ] as [(String, String)])
    func malformed(text: String, reason: String) {
        guard case .failure(let failure) = DurationParser.nanoseconds(text) else {
            Issue.record("'\(text)' parsed")
            return
        }
        #expect(failure.message.contains(reason), "\(failure.message)")
    }

    @Test("a bare number where a duration belongs names the field and asks for a unit")
    func bareNumberInFile() {
        let text = Support.document().replacingOccurrences(of: "duration: 10m", with: "duration: 600")
        Support.expectOne(text, at: "t.yaml:2:11: ", "'duration': duration needs a unit, e.g. 30s")
    }
}
