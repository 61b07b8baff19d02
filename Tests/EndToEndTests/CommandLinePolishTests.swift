// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Small things a new user meets first: a misspelled command, an option that needs another, help
/// texts, counts in words.
@Suite("Command-line polish")
struct CommandLinePolishTests {
    static let commands = [
        "run", "check", "sweep", "merge", "compare", "history", "report", "validate", "profiles", "inspect", "bench",
        "coverage", "fit", "predict", "replay", "listen", "advertise",
    ]

    @Test("a misspelled command gets a 'did you mean' and exit 2; an unrelated word lists the commands")
    func didYouMean() throws {
        let misspelled = try CLI.run(["chek", "Scenarios/retail-store.yaml"])
        #expect(misspelled.status == 2)
        #expect(misspelled.stderr.contains("unknown command 'chek'; did you mean 'check'?"), "\(misspelled.stderr)")
        let unrelated = try CLI.run(["frobnicate"])
        #expect(unrelated.status == 2)
        #expect(!unrelated.stderr.contains("did you mean") && unrelated.stderr.contains("run, check, sweep"))
    }

    @Test("run --phone without --capture is an error, not silently ignored")
    func phoneNeedsCapture() throws {
        let result = try CLI.run([
            "run", "Scenarios/retail-store.yaml", "--phone", "bob", "--out", try CLI.temporaryDirectory().path,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--capture"), "\(result.stderr)")
    }

    @Test("no option's help says its default twice ('(default 0). (default: 0)')")
    func helpDefaultsOnce() throws {
        for command in Self.commands {
            let help = try CLI.run([command, "--help"])
            #expect(help.status == 0, "\(command)")
            // One paragraph per option: lines joined up to the next option.
            let text = help.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            var paragraphs: [String] = []
            for line in text {
                if line.hasPrefix("-") || line.hasPrefix("<") || paragraphs.isEmpty {
                    paragraphs.append(line)
                } else {
                    paragraphs[paragraphs.count - 1] += " " + line
                }
            }
            for paragraph in paragraphs {
                let defaults = paragraph.components(separatedBy: "(default").count - 1
                #expect(defaults <= 1, "\(command): \(paragraph)")
            }
        }
    }

    @Test("counts in words: 1 phone, 2 beacons, 1 notification; a per-run claim says its runs once")
    func plurals() throws {
        let validated = try CLI.run(["validate", "Scenarios/retail-store.yaml"])
        #expect(validated.stdout.contains("(2 beacons, 1 phone, 5 claims)"), "\(validated.stdout)")
        let ran = try CLI.run(["run", "Scenarios/retail-store.yaml", "--out", try CLI.temporaryDirectory().path])
        #expect(ran.stdout.contains("alice: 1 notification posted"), "\(ran.stdout)")
        #expect(ran.stdout.contains("[1 run]"), "\(ran.stdout)")
        #expect(ran.stdout.contains("[1 event, 1 run]"), "\(ran.stdout)")
        #expect(!ran.stdout.contains("1 runs") && !ran.stdout.contains("1 events"), "\(ran.stdout)")
    }
}
