// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// A failing claim names the replications that broke it and a command that re-runs one; that
/// command reproduces the failing value exactly.
@Suite("Reproducing a failing replication")
struct ReproduceTests {
    static func json(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    @Test("check prints the violating replications and a re-run command; run reproduces the value")
    func rerun() throws {
        let out = try CLI.temporaryDirectory()
        let check = try CLI.run(["check", CLI.fixture("rerun.yaml"), "--seed", "5", "--out", out.path])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        let lines = check.stdout.split(separator: "\n").map(String.init)
        let rerunLines = lines.filter { $0.contains("re-run: ") }
        #expect(rerunLines.count == 2, "\(check.stdout)")
        #expect(lines.contains { $0.contains("violated by") && $0.contains("worst first") })
        let folder = try #require(lines.first { $0.contains("check.json") }?.split(separator: " ").last.map(String.init))
        let claims = try #require(try Self.json(URL(fileURLWithPath: folder))["claims"] as? [[String: Any]])
        for (index, line) in rerunLines.enumerated() {
            let command = String(try #require(line.components(separatedBy: "re-run: ").last))
            let words = command.split(separator: " ").map(String.init)
            #expect(Array(words.prefix(2)) == ["beaconsim", "run"] && words.contains("--replication"))
            let condition = try #require((claims[index]["conditions"] as? [[String: Any]])?.first)
            let violations = try #require(condition["violations"] as? [[String: Any]])
            let worst = try #require(violations.first)
            let replication = try #require(worst["replication"] as? Int)
            #expect(words.suffix(4) == ["--seed", "5", "--replication", String(replication)])
            #expect(
                violations.compactMap { ($0["value"] as? NSNumber)?.doubleValue }
                    == violations.compactMap { ($0["value"] as? NSNumber)?.doubleValue }.sorted(by: >),
                "worst first")
            let run = try CLI.run(Array(words.dropFirst()) + ["--json", "--out", out.path])
            #expect(run.status == 0, "\(run.stderr)")
            let printed = try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let rerunClaims = try #require(printed["claims"] as? [[String: Any]])
            let measured = (rerunClaims[index]["conditions"] as? [[String: Any]])?.first?["measured"] as? NSNumber
            #expect(measured?.doubleValue == (worst["value"] as? NSNumber)?.doubleValue, "\(command)")
            #expect((rerunClaims[index]["passed"] as? Bool) == false)
        }
    }

    @Test("run --replication K is replication K of check; replication 0 is the default run")
    func replications() throws {
        let out = try CLI.temporaryDirectory()
        func timeline(_ extra: [String]) throws -> Data {
            let output = try CLI.run(["run", CLI.fixture("rerun.yaml"), "--seed", "5", "--out", out.path] + extra)
            #expect(output.status == 0, "\(output.stderr)")
            let line = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix("Results: ") })
            let path = try #require(line.dropFirst("Results: ".count).split(separator: " ").first.map(String.init))
            return try Data(contentsOf: URL(fileURLWithPath: path).appendingPathComponent("timeline.jsonl"))
        }
        #expect(try timeline([]) == timeline(["--replication", "0"]))
        #expect(try timeline(["--replication", "3"]) != timeline([]))
        let bad = try CLI.run(["run", CLI.fixture("rerun.yaml"), "--variant", "nope", "--out", out.path])
        #expect(bad.status == 2 && bad.stderr.contains("no variant named 'nope'"), "\(bad.stderr)")
    }
}
