// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A scenario whose every name is hostile (`hostile-names.yaml`: `<!--<script>`, markup whose
/// parsing would run script, quotes, an ANSI escape, U+2028) through every output: the report
/// renders completely with no script run, the JUnit file parses, the terminal shows no escape.
@Suite("hostile names stay inert in every output")
struct HostileNamesTests {
    static let scenario = CLI.fixture("hostile-names.yaml")

    @Test("run and check print the ANSI escape as visible text; the JUnit file parses and keeps the names")
    func terminalAndJUnit() throws {
        let out = try CLI.temporaryDirectory()
        let junit = out.appendingPathComponent("junit.xml")
        let run = try CLI.run(["run", Self.scenario, "--out", out.path])
        let check = try CLI.run(["check", Self.scenario, "--replications", "4", "--junit", junit.path, "--out", out.path])
        for output in [run, check] {
            #expect(output.status <= 1, "\(output.stderr)")
            #expect(!output.stdout.contains("\u{1B}") && !output.stdout.contains("\u{2028}"))
            #expect(output.stdout.contains("\\u{1b}[31m"), "\(output.stdout)")
        }
        let document = try XMLDocument(contentsOf: junit, options: [])
        let names = (document.rootElement()?.elements(forName: "testsuite") ?? [])
            .flatMap { $0.elements(forName: "testcase") }.compactMap { $0.attribute(forName: "name")?.stringValue }
        #expect(names.count == 2)
        #expect(names.allSatisfy { $0.contains("<!--<script>") && $0.contains("\u{FFFD}[31m") }, "\(names)")
    }

    @Test("run and check reports render every section in Chromium, names as text, and no script from a name runs")
    func reports() throws {
        let (runs, checks) = (try CLI.temporaryDirectory(), try CLI.temporaryDirectory())
        #expect(try CLI.run(["run", Self.scenario, "--report", "--out", runs.path]).status <= 1)
        #expect(try CLI.run(["check", Self.scenario, "--replications", "4", "--out", checks.path]).status <= 1)
        let check = try Experiments.folder(in: checks, scenario: "hostile", containing: "check")
        #expect(try CLI.run(["report", check.path]).status == 0)
        let runReport = try Experiments.folder(in: runs, scenario: "hostile", containing: "seed1")
            .appendingPathComponent("report.html")
        for (report, sections, name) in [
            (runReport, ["Floor plan", "Timeline", "Latencies"], "hostile-run"),
            (check.appendingPathComponent("report.html"), ["Claims"], "hostile-check"),
        ] {
            let page = try Browser.load(report)
            #expect(!page.dom.contains("data-pwned"), "a name's script ran")
            #expect(page.errors.isEmpty, "\(page.errors)")
            for section in sections { #expect(page.dom.contains("<h2>\(section)"), "\(section) is missing") }
            #expect(page.dom.contains("&lt;!--&lt;script&gt;document.documentElement.dataset.pwned=1"))
            if name == "hostile-run" { #expect(page.dom.contains("data-floor-plan=\"ready\"")) }
            try Browser.screenshot(report, name: name, height: 2000)
        }
    }
}
