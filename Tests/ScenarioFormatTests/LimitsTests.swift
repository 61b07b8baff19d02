// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import ScenarioFormat

/// Issue 15's minimal inputs: extreme but well-formed values, alias bombs, deep nesting, files
/// that are not files. Each is refused with one located diagnostic instead of a trap or a hang.
@Suite("Input limits")
struct LimitsTests {
    /// A complete phone whose path is `path` (YAML flow items, one per line, indented 6).
    static func phone(path: [String], extra: String = "") -> String {
        """
        phones:
          - name: alice
            app:
              regions:
                - { name: store, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1 }
            path:
        \(path.map { "      - " + $0 }.joined(separator: "\n"))
        \(extra)
        """
    }

    @Test("waypoint 'at' of Int64.max ns is out of range, not a trap")
    func waypointAtInt64Max() {
        let text = Support.document(
            Self.phone(path: ["{ position: [5, 5] }", "{ position: [6, 5], at: 9223372036854775807ns }"]))
        Support.expectOne(text, at: "t.yaml:12:33: ", "'at' must be >= 0s and at most 720h")
    }

    @Test("dwells whose sum passes the longest span end the walk with an error")
    func dwellSum() {
        let text = Support.document(
            Self.phone(path: ["{ position: [5, 5], dwell: 400h }", "{ position: [6, 5], dwell: 400h }"]))
        Support.expectOne(text, at: "t.yaml:12:9: ", "the walk leaves this waypoint after 720h")
    }

    @Test("a speed so small the walk would take centuries")
    func tinySpeed() {
        let text = Support.document(Self.phone(path: ["{ position: [5, 5] }", "{ position: [6, 5], speed: 1e-300 }"]))
        Support.expectOne(text, at: "t.yaml:12:9: ", "longest simulated span")
    }

    @Test("duration: 2562047h (292 years of nanoseconds)")
    func hugeDuration() {
        let text = Support.document().replacingOccurrences(of: "duration: 10m", with: "duration: 2562047h")
        Support.expectOne(text, at: "t.yaml:2:11: ", "'duration' must be > 0 and at most 720h")
    }

    @Test("a random action every 1ns is more events than a run may handle")
    func randomActionEveryNanosecond() {
        let text = Support.document(
            Self.phone(
                path: ["{ position: [5, 5] }"],
                extra: "    randomActions:\n      - { action: screenOn, meanInterval: 1ns }"))
        Support.expectOne(text, at: "t.yaml:2:11: ", "more than the 1e10 a run may")
    }

    @Test("the work estimate counts advertising events per phone")
    func eventEstimate() {
        let beacon = BeaconSpec(
            name: "b", uuid: "", major: 0, minor: 0, position: Point2D(x: 0, y: 0), txPower: 0, measuredPower: -59,
            interval: 100_000_000, schedule: [])
        let phones = [PhoneSpec](repeating: Self.minimalPhone, count: 3)
        let events = _RunSize.expectedEvents(duration: 3_600_000_000_000, beacons: [beacon, beacon], phones: phones)
        #expect(events == 2 * 36_000 * 3)
    }

    static let minimalPhone = PhoneSpec(
        name: "p", os: "ios", overrides: [], carry: .pocket, app: AppSpec(regions: []), path: [], actions: [], randomActions: [])

    @Test("a billion-laughs file is refused at the alias that passes the limit")
    func aliasBomb() {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...8 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let found = Support.diagnostics(lines.joined(separator: "\n") + "\n")
        #expect(
            found == [
                "t.yaml:6:45: error: the file expands to more than 1000000 values through its aliases (*name); "
                    + "a scenario this large is refused"
            ])
    }

    @Test("100,000 walls without aliases: the message names the walls list, not aliases")
    func manyWalls() {
        let walls = (0..<100_000).map { "    - { from: [\($0 % 100), 0], to: [\($0 % 100), 6], material: glass }" }
        let text = (["venue:", "  size: [100, 100]", "  walls:"] + walls).joined(separator: "\n") + "\n"
        let found = Support.diagnostics(text)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.contains("in 'walls' (") == true && found.first?.contains("alias") == false, "\(found)")
    }

    @Test("20,000 unknown keys: five diagnostics of the kind, then one line counting the rest")
    func repeatedDiagnostics() {
        let text = (0..<20_000).map { "k\($0): 1" }.joined(separator: "\n") + "\n"
        var description = ""
        do { _ = try ScenarioLoader.parse(text: text, path: "t.yaml") } catch { description = "\(error)" }
        let lines = description.split(separator: "\n")
        #expect(lines.filter { $0.contains("unknown key 'k") }.count == 5, "\(lines.prefix(8))")
        #expect(lines.contains("note: 19995 more errors like the 5 above not shown"), "\(lines.prefix(10))")
        #expect(lines.count < 20)
    }

    @Test("an aliased mapping key (Yams would hash the whole expansion) is refused the same way")
    func aliasBombAsKey() {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...8 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        lines = [lines[0], lines[1], lines[2], lines[3], "? *a3", ": 1"] + lines[4...]
        let found = Support.diagnostics(lines.joined(separator: "\n") + "\n")
        #expect(found.count == 1 && found[0].contains("expands to more than 1000000 values"), "\(found)")
    }

    @Test("ordinary aliases within the limit still work")
    func smallAliasesDecode() {
        let text = Support.document("missedAfter: &gap 30s\n")
        #expect(Support.diagnostics(text).isEmpty)
    }

    @Test("nesting deeper than 64 levels, block and flow", arguments: ["block", "flow"])
    func deepNesting(style: String) {
        let text =
            style == "flow"
            ? "x: " + String(repeating: "[", count: 100_000)
            : (0..<70).map { String(repeating: "  ", count: $0) + "k\($0):" }.joined(separator: "\n") + " 1\n"
        let found = Support.diagnostics(text)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.contains("deeper than 64 levels") == true, "\(found)")
    }

    @Test("a value holding a raw newline is quoted on one line")
    func newlineInValueStaysOnOneLine() {
        let found = Support.diagnostics(Support.document("name: \"a\\nb\"\n"))
        #expect(found == ["t.yaml:5:7: error: 'name' may contain only letters, digits, '.', '_' and '-', found 'a\\nb'"])
        #expect(found.allSatisfy { !$0.contains("\n") })
    }

    @Test("control characters and line separators are escaped in every diagnostic")
    func controlCharactersEscaped() {
        let diagnostic = Diagnostic(at: SourceLocation(file: "a\nb.yaml", line: 1, column: 2), "x\r\u{0}\u{2028}\ty")
        #expect(diagnostic.description == "a\\nb.yaml:1:2: error: x\\r\\u{0}\\u{2028}\ty")
    }

    @Test("I/O errors name the file and the system's reason")
    func ioReasons() throws {
        let missing = "/nonexistent-\(UUID().uuidString).yaml"
        let directory = FileManager.default.temporaryDirectory.path
        let cases = [
            ("/dev/zero", "cannot read the file: it is a character device, not a regular file"),
            (directory, "cannot read the file: it is a directory, not a regular file"),
            (missing, "cannot read the file: no such file or directory"),
        ]
        for (path, message) in cases {
            #expect(throws: ScenarioError.self) { try ScenarioLoader.load(path: path) }
            do {
                _ = try ScenarioLoader.load(path: path)
            } catch let error as ScenarioError {
                #expect(error.description == "\(path):1:1: error: \(message)")
            }
        }
    }

    @Test("the scenario named on the command line may be a pipe (a shell's <(…)); an imported FIFO is refused by type")
    func pipes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let named = folder.appendingPathComponent("named.yaml").path
        #expect(mkfifo(named, 0o600) == 0)
        let text = Support.document()
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: named) {
                handle.write(Data(text.utf8))
                handle.closeFile()
            }
        }
        writer.start()
        let scenario = try ScenarioLoader.load(path: named)
        #expect(scenario.sourceHash == (try ScenarioLoader.parse(text: text, path: named)).sourceHash)

        let imported = folder.appendingPathComponent("people.yaml").path
        #expect(mkfifo(imported, 0o600) == 0)
        let importing = folder.appendingPathComponent("scenario.yaml").path
        try (text + "imports: [people.yaml]\n").write(toFile: importing, atomically: true, encoding: .utf8)
        do {
            _ = try ScenarioLoader.load(path: importing)
            Issue.record("an imported FIFO was read")
        } catch let error as ScenarioError {
            #expect(error.description.contains("it is a FIFO (named pipe), not a regular file"), "\(error)")
        }
    }

    @Test("a file over 8 MiB is refused before it is parsed")
    func fileSizeLimit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: UInt8(ascii: "#"), count: ScenarioLimits.maximumFileBytes + 1).write(
            to: URL(fileURLWithPath: path))
        do {
            _ = try ScenarioLoader.load(path: path)
            Issue.record("an oversized file was accepted")
        } catch let error as ScenarioError {
            #expect(
                error.description
                    == "\(path):1:1: error: cannot read the file: it is larger than 8 MiB, the limit for scenario files")
        }
    }

    @Test("a list longer than the per-list limit")
    func listLimit() {
        let walls = Array(repeating: "{ from: [0, 0], to: [1, 1] }", count: ScenarioLimits.maximumItemsPerList + 1)
        let text =
            "schemaVersion: 1\nduration: 10m\nvenue:\n  size: [40, 30]\n  walls: [" + walls.joined(separator: ", ")
            + "]\n" + Support.phones + "\n"
        Support.expectOne(text, at: "t.yaml:5:10: ", "'walls' has 100001 items; at most 100000 are accepted")
    }

    @Test("more beacon–phone pairs than the link limit")
    func linkLimit() {
        let beacons = (0..<1_001).map {
            "  - { name: b\($0), ibeacon: { uuid: \"FDA50693-A4E2-4FB1-AFCF-C6EB07647825\", major: 1, minor: 1 }, position: [1, 1] }"
        }
        let phones = (0..<1_000).map { "  - { name: p\($0), app: { regions: [] }, path: [{ position: [5, 5] }] }" }
        let text =
            "schemaVersion: 1\nduration: 1s\nvenue:\n  size: [40, 30]\nbeacons:\n" + beacons.joined(separator: "\n")
            + "\nphones:\n" + phones.joined(separator: "\n") + "\n"
        let found = Support.diagnostics(text)
        #expect(found == ["t.yaml:6:3: error: 1001 beacons × 1000 phones = 1001000 radio links; at most 1000000 are accepted"])
    }
}

/// Fuzz finding (scenario, `Tests/FuzzFindings/scenario/crash-9a32b024…`): libyaml counts a lone
/// `\r` as a line break, so a duplicate key's mark could lie past the lines split at `\n`, and
/// looking for the second occurrence trapped on a reversed range.
@Suite("Fuzz findings")
struct FuzzFindingTests {
    @Test("a duplicate key after a carriage return")
    func duplicateKeyAfterCarriageReturn() {
        let found = Support.diagnostics("q: 1\rzzzzzzzzzzzzzzzzzzzz: {a: 1, a: 2}\n")
        #expect(found.count == 1 && found[0].contains("duplicate key 'a'"), "\(found)")
    }
}
