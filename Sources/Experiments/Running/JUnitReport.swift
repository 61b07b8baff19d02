// SPDX-License-Identifier: GPL-3.0-or-later
public import Reporting
internal import Foundation
internal import ScenarioFormat

/// JUnit XML for CI systems (Jenkins, GitLab, GitHub test reporters): one `<testsuite>` per
/// scenario and one `<testcase>` per claim condition, a `<failure>` giving the measured value,
/// its 95 % interval and the number of replications.
public enum JUnitReport {
    /// `suites`: per scenario its name, file, claims and run time in seconds. An `anyOf`/`allOf`
    /// claim is one test case, its parts' lines in the case's output or failure text.
    public static func xml(_ suites: [(name: String, file: String, outcomes: [ClaimOutcome], seconds: Double)])
        -> String
    {
        let cases = suites.map { suite in suite.outcomes.map(testCases) }
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"beaconsim check\" tests=\"\(cases.joined().joined().count)\" "
                + "failures=\"\(cases.joined().joined().filter { !$0.passed }.count)\">",
        ]
        for (suite, suiteCases) in zip(suites, cases) {
            let all = suiteCases.joined()
            lines.append(
                "  <testsuite name=\"\(escape(suite.name))\" tests=\"\(all.count)\" failures=\"\(all.filter { !$0.passed }.count)\" "
                    + "errors=\"0\" time=\"\(ClaimReportFormatting.rounded(suite.seconds))\" file=\"\(escape(suite.file))\">"
            )
            for testCase in all {
                lines.append(
                    "    <testcase classname=\"\(escape(suite.name))\" name=\"\(escape(testCase.name))\" "
                        + "file=\"\(escape(testCase.location.file))\" line=\"\(testCase.location.line)\">")
                if testCase.passed {
                    lines.append("      <system-out>\(escape(testCase.detail))</system-out>")
                } else {
                    lines.append(
                        "      <failure message=\"\(escape(testCase.message))\" type=\"ClaimFailed\">\(escape(testCase.detail))</failure>"
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
    private struct TestCase {
        var name: String
        var location: SourceLocation
        var passed: Bool
        var message: String
        var detail: String
    }

    /// One case per condition of a measured claim; one for a whole `anyOf`/`allOf`.
    private static func testCases(_ outcome: ClaimOutcome) -> [TestCase] {
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
            return TestCase(
                name:
                    "\(ClaimReport.subject(claim)) \(claim.side.quantity) \(condition.condition.statistic) \(condition.condition.text)",
                location: location, passed: condition.passed,
                message: "\(measured)\(interval), expected \(condition.condition.text), \(outcome.runs) replications\(worst)",
                detail: detail)
        }
    }

    /// XML attribute and text escaping.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// Number formatting shared by the text reports: three decimals, no locale.
enum ClaimReportFormatting {
    static func rounded(_ value: Double) -> String { RunSummary.rounded(value, 3) }
}
