// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("beaconsim check --junit")
struct JUnitTests {
    @Test("JUnit XML: one testcase per claim condition; a failure gives measured value, CI and replications")
    func shape() throws {
        let out = try CLI.temporaryDirectory()
        let file = out.appendingPathComponent("junit.xml")
        let output = try CLI.run([
            "check", CLI.fixture("base.yaml"), CLI.fixture("failing-claim.yaml"),
            CLI.path("Scenarios/retail-store.yaml"),
            "--replications", "4", "--junit", file.path, "--out", out.path,
        ])
        #expect(output.status == 1)
        let document = try XMLDocument(contentsOf: file, options: [])
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["e2e-base", "e2e-base", "retail-store"])
        let cases = suites.flatMap { $0.elements(forName: "testcase") }
        #expect(cases.count == 1 + 1 + 7)
        #expect(root.attribute(forName: "tests")?.stringValue == "9")
        #expect(
            root.attribute(forName: "failures")?.stringValue
                == String(cases.filter { !$0.elements(forName: "failure").isEmpty }.count))
        for testcase in cases {
            #expect(testcase.attribute(forName: "classname") != nil)
            #expect(testcase.attribute(forName: "name")?.stringValue?.isEmpty == false)
        }
        let failing = try #require(suites[1].elements(forName: "testcase").first)
        #expect(failing.attribute(forName: "name")?.stringValue == "room rangingInterval max <= 0.5s")
        let failure = try #require(failing.elements(forName: "failure").first)
        let message = failure.attribute(forName: "message")?.stringValue ?? ""
        #expect(message == "measured 1.0, expected <= 0.5s, 4 replications, worst replication 0", "\(message)")
        // The failure's text carries the console's re-run command for the worst replication.
        #expect(failure.stringValue?.contains("re-run: beaconsim run ") == true, "\(failure.stringValue ?? "")")
        #expect(failure.stringValue?.contains("--replication 0") == true)
        let retailMean = try #require(
            suites[2].elements(forName: "testcase").first {
                $0.attribute(forName: "name")?.stringValue?.contains("exitLatencyFromLastPacket mean") == true
            })
        let text = retailMean.stringValue ?? ""
        #expect(text.contains("95% CI") && text.contains("4 runs"), "\(text)")
    }
}

@Suite("anyOf and allOf in check and JUnit")
struct CompoundClaimTests {
    @Test("a compound claim is one verdict with its parts beneath it, and one JUnit test case")
    func compound() throws {
        let out = try CLI.temporaryDirectory()
        let file = out.appendingPathComponent("junit.xml")
        let output = try CLI.run([
            "check", CLI.fixture("compound.yaml"), "--replications", "3", "--junit", file.path, "--out", out.path,
        ])
        #expect(output.status == 1, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  PASS  anyOf of 2 claims (1 hold)") }, "\(output.stdout)")
        #expect(lines.contains { $0.hasPrefix("  FAIL  allOf of 2 claims (1 hold)") })
        #expect(lines.contains { $0.hasPrefix("      FAIL  room  rangingInterval  max = 1.0 s") })
        #expect(lines.contains { $0.hasPrefix("      FAIL  p1  didRangeBeacons → last didRangeBeacons  min = ") })
        let document = try XMLDocument(contentsOf: file, options: [])
        let cases = try #require(document.rootElement()).elements(forName: "testsuite").flatMap {
            $0.elements(forName: "testcase")
        }
        #expect(cases.count == 2)
        #expect(cases.first?.attribute(forName: "name")?.stringValue?.hasPrefix("anyOf(room rangingInterval; ") == true)
        let failure = try #require(cases.last?.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "1 of 2 parts hold, 3 replications")
        #expect((failure.stringValue ?? "").contains("PASS  room  rangingInterval  p99.9 = 1.0 s"))
    }
}
