// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import Reporting

/// The report's links to the replications a check kept (`check --keep-timelines`): per kept
/// folder under `timelines/`, its own report (timeline figure), timeline.jsonl and metrics.json,
/// and the claim conditions that replication broke (from check.json's `violations`).
enum KeptTimelinesSection {
    /// The kept folders below `folder/timelines/`, in replication order (variants after their base).
    static func keptFolders(in folder: URL) -> [String] {
        let root = folder.appendingPathComponent("timelines")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { $0.hasPrefix("replication-") }.sorted { order($0) < order($1) }
    }

    /// `replication-12-withTask` → (12, "withTask").
    private static func order(_ name: String) -> (Int, String) {
        let rest = name.dropFirst("replication-".count)
        let digits = rest.prefix { $0.isNumber }
        return (Int(digits) ?? 0, String(rest.dropFirst(digits.count)))
    }

    /// Writes report.html into every kept folder, so the links show each replication's timeline.
    static func writeReports(in folder: URL) throws {
        for name in keptFolders(in: folder) {
            _ = try ReportWriter.write(folder: folder.appendingPathComponent("timelines").appendingPathComponent(name))
        }
    }

    /// The section, or nil when the check kept nothing.
    static func section(folder: URL) -> (String, [String])? {
        let names = keptFolders(in: folder)
        guard !names.isEmpty else { return nil }
        let broken = brokenConditions(folder: folder)
        let items = names.map { name -> String in
            let path = "timelines/\(name)"
            let replication = order(name).0
            let links = ["report.html", "timeline.jsonl", "metrics.json"].map { file in
                "<a href=\"\(Escaping.htmlAttribute(path + "/" + file))\">\(file)</a>"
            }
            let reasons = broken[replication].map { " — broke " + $0.map(Escaping.htmlText).joined(separator: "; ") } ?? ""
            return "<li><code>\(Escaping.htmlText(name))</code>: \(links.joined(separator: " · "))\(reasons)</li>"
        }
        let text =
            "<p>Re-run one with <code>beaconsim run FILE --seed S --replication K</code> (the manifest gives the seed).</p>"
            + "<ul>" + items.joined() + "</ul>"
        return ("Kept replications (\(names.count))", [text])
    }

    /// For a folder `check --keep-timelines` kept (`CHECK/timelines/replication-K`): the check's
    /// verdicts and the conditions this replication broke, from the check's check.json; nil for
    /// any other folder.
    static func claimsOfKeptReplication(_ folder: URL) -> (String, [String])? {
        let check = folder.deletingLastPathComponent().deletingLastPathComponent()
        guard folder.deletingLastPathComponent().lastPathComponent == "timelines",
            folder.lastPathComponent.hasPrefix("replication-"),
            let text = try? String(contentsOf: check.appendingPathComponent("check.json"), encoding: .utf8),
            let rows = ReportWriter.claimRows(text)
        else { return nil }
        let replication = order(folder.lastPathComponent).0
        let broken = brokenConditions(folder: check)[replication] ?? []
        let list =
            broken.isEmpty
            ? "<p>This replication broke none of the failing conditions.</p>"
            : "<p>This replication broke:</p><ul>" + broken.map { "<li>\(Escaping.htmlText($0))</li>" }.joined() + "</ul>"
        return (
            "Claims of the check (over all its replications) and what replication \(replication) broke",
            [list + ClaimTable.check(rows)]
        )
    }

    /// Replication → the failing conditions it broke, `claim statistic (value)`, from check.json.
    static func brokenConditions(folder: URL) -> [Int: [String]] {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("check.json")),
            let check = try? CheckJSON.decode(data)
        else { return [:] }
        var result: [Int: [String]] = [:]
        func visit(_ claim: CheckJSON.Claim) {
            for parts in [claim.anyOf, claim.allOf] { parts?.forEach(visit) }
            let subject = [claim.phone, claim.region].compactMap { $0 }.joined(separator: "/")
            let quantity = claim.metric ?? claim.quantity ?? "?"
            for condition in claim.conditions ?? [] {
                for violation in condition.violations ?? [] {
                    result[violation.replication, default: []].append(
                        "\(subject.isEmpty ? "all" : subject) \(quantity) \(condition.statistic ?? "?")"
                            + " = \(ClaimReportFormatting.rounded(violation.value)) (\(condition.condition ?? ""))")
                }
            }
        }
        check.claims.forEach(visit)
        return result
    }

    /// For a kept replication's folder (it holds the timeline and metrics, not the track and plan
    /// the floor plan and RSSI strips are drawn from): the command that re-runs it with them and
    /// writes its full report; nil for any other folder or without the scenario's path and seed.
    static func rerunNote(_ folder: URL, manifest: ManifestFacts?) -> String? {
        guard folder.deletingLastPathComponent().lastPathComponent == "timelines",
            folder.lastPathComponent.hasPrefix("replication-"),
            let path = manifest?.scenarioPath?.description, let seed = manifest?.seed?.description
        else { return nil }
        let (replication, rest) = order(folder.lastPathComponent)
        let variant = rest.hasPrefix("-") ? " --variant \(rest.dropFirst())" : ""
        let command = "beaconsim run \(path) --seed \(seed) --replication \(replication)\(variant) --report"
        return "<p>A kept replication holds its timeline and metrics only. For its floor plan and the RSSI strips of "
            + "what each phone heard (the same replication, value for value), re-run it from where the check ran: "
            + "<code>\(Escaping.htmlText(command))</code></p>"
    }
}
