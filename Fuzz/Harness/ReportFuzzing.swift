// SPDX-License-Identifier: GPL-3.0-or-later
internal import Experiments
internal import Foundation
internal import Reporting

/// The report writer on fuzzed names: the parts of the bytes between NUL bytes become the names
/// of a small run's phones, beacons, region, zone, scenario and notification text, put into the
/// files of the run folder `Fuzz/Templates/report` where its placeholders were (as the simulator
/// writes names: JSON strings), and `ReportWriter.page` renders them from memory. The page must be well-formed
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
        // the scenario loader requires.
        var parts = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(placeholders.count).map {
            String(decoding: $0.prefix(120), as: UTF8.self)
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

    /// The report page of the template run with `names` in place of the placeholders: the run
    /// folder's files filled in memory and rendered by `ReportWriter.page(folder:file:)`, the code
    /// `beaconsim report` runs after reading the files (not covered here: reading them from disk,
    /// gzip, the finished-folder check, and the check/sweep/kept-replication parts of a page, which a
    /// run folder does not have).
    static func render(_ names: [String]) -> String? {
        let files = files(names)
        do {
            return try ReportWriter.page(folder: folder) { files[$0] }
        } catch {
            FuzzTarget.fail("the report of a finished run folder failed: \(error)")
        }
    }

    /// The template run folder's files by name, with `names` in place of the placeholders.
    static func files(_ names: [String]) -> [String: String] {
        // Inside a JSON string, as the writers put names: the escaped text without its quotes.
        let escaped = names.map { String(JSONText.string($0).dropFirst().dropLast()) }
        var files: [String: String] = [:]
        for (file, pieces) in template {
            files[file] = pieces.map { piece in
                switch piece {
                case .text(let text): text
                case .name(let index): index < escaped.count ? escaped[index] : placeholders[index]
                }
            }.joined()
        }
        return files
    }

    /// A piece of a template file: its own text, or the place of the placeholder at an index.
    enum Piece {
        case text(String)
        case name(Int)
    }

    /// The template run folder's files by name, read once and cut at the placeholders.
    static let template: [(String, [Piece])] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates/report")
        return ["plan.json", "track.jsonl", "timeline.jsonl", "metrics.json", "claims.json", "manifest.json"].compactMap {
            name in
            (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)).map { (name, pieces($0)) }
        }
    }()

    /// `text` cut before and after each placeholder.
    static func pieces(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let (index, range) = placeholders.enumerated().compactMap({ placeholder in
            rest.range(of: placeholder.element).map { (placeholder.offset, $0) }
        }).min(by: { $0.1.lowerBound < $1.1.lowerBound }) {
            pieces += [.text(String(rest[..<range.lowerBound])), .name(index)]
            rest = rest[range.upperBound...]
        }
        return pieces + [.text(String(rest))]
    }

    /// The folder the page is named after; nothing is written there (the files are in memory).
    static let folder = URL(fileURLWithPath: "/nonexistent/beaconsim-fuzz-report", isDirectory: true)

    /// The structure of the page with the placeholders' own names.
    static let baseline: HTMLStructure = {
        let plain = HTMLStructure.parse(render(placeholders.indices.map { "\($0)name" }) ?? "")
        if let problem = plain.problem { FuzzTarget.fail("the template's report is not well-formed: \(problem)") }
        return plain
    }()
}
