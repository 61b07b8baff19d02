// SPDX-License-Identifier: GPL-3.0-or-later
public import Reporting
internal import Foundation
internal import ScenarioFormat

/// JUnit XML for CI systems (Jenkins, GitLab, GitHub test reporters): one `<testsuite>` per
/// scenario and one `<testcase>` per claim condition (one per `anyOf`/`allOf` claim, its parts'
/// lines in its text), a `<failure>` giving the measured value,
/// its 95 % interval and the number of replications. A scenario that could not be loaded is a
/// suite with one failed test case (`loads`) carrying its diagnostics.
public enum JUnitReport {
    /// One scenario file's results.
    public struct Suite: Sendable {
        public var name: String
        public var file: String
        public var outcomes: [ClaimOutcome]
        /// Run time, seconds.
        public var seconds: Double
        /// The diagnostics when the file could not be loaded (then `outcomes` is empty).
        public var invalid: String?
        /// The command that re-runs a replication (as the console prints it), for a failure's text.
        public var rerun: ClaimReport.Rerun?

        public init(name: String, file: String, outcomes: [ClaimOutcome], seconds: Double, invalid: String? = nil) {
            self.name = name
            self.file = file
            self.outcomes = outcomes
            self.seconds = seconds
            self.invalid = invalid
        }

        /// One case per condition of a measured claim, one per `anyOf`/`allOf`.
        var testCases: [TestCase] { outcomes.flatMap { JUnitReport.testCases($0, rerun: rerun) } }
        var cases: Int { invalid == nil ? testCases.count : 1 }
        var failures: Int { invalid == nil ? testCases.filter { !$0.passed }.count : 1 }
    }

    public static func xml(_ suites: [Suite]) -> String {
        let cases = suites.map(\.cases)
        let failures = suites.map(\.failures)
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"beaconsim check\" tests=\"\(cases.reduce(0, +))\" failures=\"\(failures.reduce(0, +))\">",
        ]
        for (index, suite) in suites.enumerated() {
            lines.append(
                "  <testsuite name=\"\(Escaping.xml(suite.name))\" tests=\"\(cases[index])\" failures=\"\(failures[index])\" "
                    + "errors=\"0\" time=\"\(ClaimReportFormatting.rounded(suite.seconds))\" file=\"\(Escaping.xml(suite.file))\">"
            )
            if let invalid = suite.invalid {
                lines += [
                    "    <testcase classname=\"\(Escaping.xml(suite.name))\" name=\"loads\" file=\"\(Escaping.xml(suite.file))\">",
                    "      <failure message=\"invalid scenario\" type=\"InvalidScenario\">\(Escaping.xml(invalid))</failure>",
                    "    </testcase>",
                ]
            }
            for testCase in suite.testCases {
                lines.append(
                    "    <testcase classname=\"\(Escaping.xml(suite.name))\" name=\"\(Escaping.xml(testCase.name))\" "
                        + "file=\"\(Escaping.xml(testCase.location.file))\" line=\"\(testCase.location.line)\">")
                if testCase.passed {
                    lines.append("      <system-out>\(Escaping.xml(testCase.detail))</system-out>")
                } else {
                    lines.append(
                        "      <failure message=\"\(Escaping.xml(testCase.message))\" type=\"ClaimFailed\">\(Escaping.xml(testCase.detail))</failure>"
                    )
                }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JUnit test case.
    struct TestCase {
        var name: String
        var location: SourceLocation
        var passed: Bool
        var message: String
        var detail: String
    }

    /// One case per condition of a measured claim; one for a whole `anyOf`/`allOf`.
    static func testCases(_ outcome: ClaimOutcome, rerun: ClaimReport.Rerun? = nil) -> [TestCase] {
        let location = outcome.claim.location
        guard let claim = outcome.claim.measured else {
            let lines = ClaimReport.lines([outcome])
            let holding = outcome.parts.filter(\.passed).count
            return [
                TestCase(
                    name: ClaimReport.title(outcome.claim), location: location, passed: outcome.passed,
                    message: "\(holding) of \(outcome.parts.count) parts hold, \(outcome.runs) replications",
                    detail: lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n"))
            ]
        }
        return outcome.conditions.map { condition in
            let detail = String(
                ClaimReport.line(condition, claim: claim, runs: outcome.runs, location: location).dropFirst(6))
            let measured = condition.measured.map { "measured \(ClaimReportFormatting.rounded($0))" } ?? "no samples"
            let interval =
                condition.interval.map {
                    ", 95% CI \(ClaimReportFormatting.rounded($0.lowerBound))…\(ClaimReportFormatting.rounded($0.upperBound))"
                } ?? ""
            let worst = condition.violations.first.map { ", worst replication \($0.replication)" } ?? ""
            // The console's re-run line, so a CI user can reproduce the worst replication from the report.
            var again = ""
            if let first = condition.violations.first, let rerun {
                again = "\nre-run: " + rerun(first.replication, claim.side.variant)
            }
            return TestCase(
                name:
                    "\(ClaimReport.subject(claim)) \(claim.side.quantity) \(condition.condition.statistic) \(condition.condition.text)",
                location: location, passed: condition.passed,
                message: "\(measured)\(interval), expected \(condition.condition.text), \(outcome.runs) replications\(worst)",
                detail: detail + (condition.passed ? "" : again))
        }
    }
}

/// Number formatting shared by the text reports: three decimals, no locale.
enum ClaimReportFormatting {
    static func rounded(_ value: Double) -> String { RunSummary.rounded(value, 3) }
}
