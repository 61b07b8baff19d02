// SPDX-License-Identifier: GPL-3.0-or-later
public import Reporting
internal import ScenarioFormat

/// JUnit XML for CI systems (Jenkins, GitLab, GitHub test reporters): one `<testsuite>` per
/// scenario and one `<testcase>` per claim condition, a `<failure>` giving the measured value,
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

        public init(name: String, file: String, outcomes: [ClaimOutcome], seconds: Double, invalid: String? = nil) {
            self.name = name
            self.file = file
            self.outcomes = outcomes
            self.seconds = seconds
            self.invalid = invalid
        }

        var cases: Int { invalid == nil ? outcomes.reduce(0) { $0 + $1.conditions.count } : 1 }
        var failures: Int {
            invalid == nil ? outcomes.reduce(0) { $0 + $1.conditions.filter { !$0.passed }.count } : 1
        }
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
                "  <testsuite name=\"\(escape(suite.name))\" tests=\"\(cases[index])\" failures=\"\(failures[index])\" "
                    + "errors=\"0\" time=\"\(ClaimReportFormatting.rounded(suite.seconds))\" file=\"\(escape(suite.file))\">"
            )
            if let invalid = suite.invalid {
                lines += [
                    "    <testcase classname=\"\(escape(suite.name))\" name=\"loads\" file=\"\(escape(suite.file))\">",
                    "      <failure message=\"invalid scenario\" type=\"InvalidScenario\">\(escape(invalid))</failure>",
                    "    </testcase>",
                ]
            }
            for outcome in suite.outcomes {
                for (condition, line) in zip(outcome.conditions, ClaimReport.lines([outcome])) {
                    let claim = outcome.claim
                    let subject = [claim.phone, claim.region].compactMap { $0 }.joined(separator: "/")
                    let name =
                        "\(subject.isEmpty ? "all" : subject) \(claim.metric.rawValue) \(condition.condition.statistic.rawValue) \(condition.condition.text)"
                    lines.append(
                        "    <testcase classname=\"\(escape(suite.name))\" name=\"\(escape(name))\" "
                            + "file=\"\(escape(claim.location.file))\" line=\"\(claim.location.line)\">")
                    let detail = line.dropFirst(6)
                    if condition.passed {
                        lines.append("      <system-out>\(escape(String(detail)))</system-out>")
                    } else {
                        let measured =
                            condition.measured.map { "measured \(ClaimReportFormatting.rounded($0))" } ?? "no samples"
                        let interval =
                            condition.interval.map {
                                ", 95% CI \(ClaimReportFormatting.rounded($0.lowerBound))…\(ClaimReportFormatting.rounded($0.upperBound))"
                            } ?? ""
                        let message =
                            "\(measured)\(interval), expected \(condition.condition.text), \(outcome.runs) replications"
                        lines.append(
                            "      <failure message=\"\(escape(message))\" type=\"ClaimFailed\">\(escape(String(detail)))</failure>"
                        )
                    }
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
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
