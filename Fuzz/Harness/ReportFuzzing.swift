// SPDX-License-Identifier: GPL-3.0-or-later
internal import Experiments
internal import Foundation
internal import Reporting

/// The report writer on fuzzed names: the parts of the bytes between NUL bytes become the names
/// of a small run's phones, beacons, region, zone, scenario and notification text, written into
/// the run folder of `Fuzz/Templates/report` where its placeholders were (as the simulator writes
/// names: JSON strings), and `ReportWriter.page` renders it. The page must be well-formed
/// (`HTMLStructure`) and have exactly the structure of the page with plain names — the same tags
/// in the same order, the same script elements, no event handler and no `javascript:` value —
/// so no name can add markup, script, or cut the page short (issue 30: `<!--<script>` in a name
/// removed the floor plan and every later section).
enum ReportFuzzing {
    /// The template's placeholders, in the order the input's parts replace them.
    static let placeholders = [
        "FZPHONEA", "FZPHONEB", "FZBEACONA", "FZBEACONB", "FZREGIONA", "FZZONEA", "FZSCENARIO", "FZTEXTA",
    ]

    static func run(_ bytes: [UInt8]) {
        guard !template.isEmpty else { FuzzTarget.fail("the report template is missing (Fuzz/Templates/report)") }
        // Each name starts with its place's digit, as the plain names do: names sort in the same
        // order (phones, beacons and legends are listed by name), are distinct and not empty, as
        // the scenario loader requires; a placeholder spelt inside a name is broken up so it is
        // not replaced twice.
        var parts = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(placeholders.count).map {
            String(decoding: $0.prefix(120), as: UTF8.self).replacingOccurrences(of: "FZ", with: "F Z")
        }
        while parts.count < placeholders.count { parts.append("") }
        let names = parts.enumerated().map { "\($0.offset)\($0.element)" }
        guard let page = render(names) else { return }
        let structure = HTMLStructure.parse(page)
        if let problem = structure.problem { FuzzTarget.fail("report not well-formed: \(problem)") }
        guard structure == baseline else {
            let difference = zip(structure.tags, baseline.tags).enumerated().first { $0.element.0 != $0.element.1 }
            FuzzTarget.fail(
                "names changed the report's structure: \(structure.scripts) scripts (plain names: \(baseline.scripts)), "
                    + "handlers \(structure.handlers), first differing tag \(difference.map { "\($0.offset): \($0.element)" } ?? "none"), "
                    + "\(structure.tags.count) tags (plain: \(baseline.tags.count))")
        }
    }

    /// The report page of the template run with `names` in place of the placeholders.
    static func render(_ names: [String]) -> String? {
        let manager = FileManager.default
        // A folder of its own per render: tests render concurrently in one process.
        let folder = folder.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: folder) }
        for (file, text) in template {
            var filled = text
            for (placeholder, name) in zip(placeholders, names) {
                // Inside a JSON string, as the writers put names: the escaped text without its quotes.
                filled = filled.replacingOccurrences(of: placeholder, with: String(JSONText.string(name).dropFirst().dropLast()))
            }
            guard manager.createFile(atPath: folder.appendingPathComponent(file).path, contents: Data(filled.utf8)) else {
                FuzzTarget.fail("cannot write the report's input in \(folder.path)")
            }
        }
        do {
            return try ReportWriter.page(folder: folder)
        } catch {
            FuzzTarget.fail("the report of a finished run folder failed: \(error)")
        }
    }

    /// The template run folder's files by name, read once.
    static let template: [(String, String)] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates/report")
        return ["plan.json", "track.jsonl", "timeline.jsonl", "metrics.json", "claims.json", "manifest.json"].compactMap {
            name in
            (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)).map { (name, $0) }
        }
    }()

    /// Where the run folder is written for each execution (memory-backed where there is one).
    static let folder: URL = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return URL(fileURLWithPath: base).appendingPathComponent("beaconsim-fuzz-report-\(getpid())", isDirectory: true)
    }()

    /// The structure of the page with the placeholders' own names.
    static let baseline: HTMLStructure = {
        let plain = HTMLStructure.parse(render(placeholders.indices.map { "\($0)name" }) ?? "")
        if let problem = plain.problem { FuzzTarget.fail("the template's report is not well-formed: \(problem)") }
        return plain
    }()
}
