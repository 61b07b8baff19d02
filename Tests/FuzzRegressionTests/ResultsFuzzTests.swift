// SPDX-License-Identifier: GPL-3.0-or-later
import Experiments
import Foundation
@testable import FuzzHarness
import Testing

/// The results-folder and report targets (`manifest`, `merge`, `report`, issue 30): their committed
/// seeds pass the targets' checks, the minimal inputs are refused with a located error, and
/// the report target's structure check finds the markup a name could add.
@Suite("fuzz targets of results folders and reports")
struct ResultsFuzzTests {
    static func seeds(_ target: FuzzTarget) throws -> [[UInt8]] {
        try FuzzRegressionTests.files("Fuzz/Seeds/\(target.rawValue)").map(FuzzRegressionTests.bytes)
    }

    @Test("the committed seeds pass the targets' checks", arguments: [FuzzTarget.manifest, .merge, .report])
    func seedsPass(target: FuzzTarget) throws {
        let seeds = try Self.seeds(target)
        #expect(seeds.count >= 3)
        for seed in seeds { target.run(seed) }
    }

    @Test("the merge seeds read: every shard's manifest and records")
    func mergeSeedsRead() throws {
        for seed in try Self.seeds(.merge) {
            let parts = seed.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
            let shard = try ShardFiles(manifest: parts[0], records: parts[1], directory: "seed")
            #expect(!shard.records.isEmpty)
        }
    }

    /// Issue 30's traps of `merge`, reduced to the field, and the merge target's findings: each is an
    /// input error naming its file.
    @Test(
        "issue 30's tampered shard files are located input errors",
        arguments: [
            ("manifest/issue30-negative-shard-count", "manifest.json", "shard.count"),
            ("manifest/issue30-huge-replications", "manifest.json", "replications"),
            ("manifest/issue30-axes-overflow", "manifest.json", "work items"),
            ("merge/issue30-negative-point", "replications.jsonl:1", "point -1"),
            ("merge/issue30-count-near-int-max", "replications.jsonl:1", "count"),
            ("merge/issue30-record-moved-to-missing-point", "replications.jsonl:1", "point 5"),
            // The merge target's 536,094th execution: a negative count beside its opportunities.
            ("merge/negative-count-beside-opportunity", "replications.jsonl:2", "missedExits: count -11"),
        ])
    func tamperedShards(finding: String, file: String, field: String) throws {
        let bytes = try FuzzRegressionTests.bytes(
            FuzzRegressionTests.root.appendingPathComponent("Tests/FuzzFindings/\(finding)"))
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        let error = #expect(throws: ExperimentError.self) {
            _ = try ShardFiles(manifest: parts[0], records: parts.count > 1 ? parts[1] : [], directory: "shard")
        }
        #expect(error?.location == "shard/\(file)")
        #expect(error?.message.contains(field) == true, "\(String(describing: error))")
    }

    @Test("the structure check finds markup, comments and script a name could add")
    func structureFindsMarkup() {
        let plain = HTMLStructure.parse("<!DOCTYPE html><p title=\"a\">x &lt; y</p><script>var a = \"\\u003c!--\";</script>")
        #expect(plain.problem == nil)
        #expect(plain.tags == ["p", "/p", "script", "/script"])
        #expect(plain.scripts == 1)
        #expect(HTMLStructure.parse("<p>a<!--<script>x</script></p>").comments == 0)
        #expect(HTMLStructure.parse("<p>a<!--<script>x</script></p>").problem != nil)
        #expect(HTMLStructure.parse("<p>a <b</p>").problem != nil)
        #expect(HTMLStructure.parse("<p>a</b>").problem != nil)
        #expect(HTMLStructure.parse("<script>var s = \"</script><img src=x onerror=alert(1)>\"</script>").handlers == ["onerror"])
        #expect(HTMLStructure.parse("<script>var s = \"<!--<script>\";</script>").problem != nil)
        #expect(HTMLStructure.parse("<a href=\" javascript:alert(1)\">x</a>").handlers == ["href=javascript:"])
        #expect(HTMLStructure.parse("<p title=\"<b>\">x</p>").problem != nil)
        #expect(HTMLStructure.parse("<svg><circle r=\"1\"/></svg>").problem == nil)
        // A comment or script after a script element is not in its content; names are compared in lower case.
        let after = HTMLStructure.parse("<script>1</script><!-- c --><P>x</p><script>2</script>")
        #expect(after.problem == nil && after.comments == 1 && after.scripts == 2)
        #expect(after.tags == ["script", "/script", "p", "/p", "script", "/script"])
        #expect(HTMLStructure.parse("<p><br><img src=\"a\"></p>").tags == ["p", "br", "img", "/p"])
    }

    /// The target renders from memory through `ReportWriter.page(folder:file:)`; `beaconsim report`
    /// reads the same files from disk first. Both give the same page, byte for byte.
    @Test("the target's in-memory page is the page of the folder written to disk", arguments: ["plain", "hostile"])
    func inMemoryPageIsTheFolderPage(seed: String) throws {
        let bytes = try FuzzRegressionTests.bytes(FuzzRegressionTests.root.appendingPathComponent("Fuzz/Seeds/report/\(seed)"))
        let names = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(ReportFuzzing.placeholders.count)
            .enumerated().map { "\($0.offset)" + String(decoding: $0.element, as: UTF8.self) }
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        // Named as the target's folder: the page's title ends with the folder's name.
        let folder = parent.appendingPathComponent(ReportFuzzing.folder.lastPathComponent)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parent) }
        for (file, text) in ReportFuzzing.files(names) {
            try Data(text.utf8).write(to: folder.appendingPathComponent(file))
        }
        let page = try #require(ReportFuzzing.render(names))
        #expect(try ReportWriter.page(folder: folder) == page)
        #expect(page.contains("<svg"))
    }

    @Test("the report of hostile names has the plain names' structure")
    func hostileReportStructure() throws {
        let hostile =
            "<!--<script>document.documentElement.dataset.pwned=1</script><img src=x onerror=alert(2)>\"'&\u{1B}[31m\u{2028}"
        let page = try #require(ReportFuzzing.render(ReportFuzzing.placeholders.indices.map { "\($0)" + hostile }))
        let structure = HTMLStructure.parse(page)
        #expect(structure.problem == nil)
        #expect(structure == ReportFuzzing.baseline)
        #expect(!page.contains("<img src=x"))
        #expect(ReportFuzzing.baseline.scripts == 2)
        #expect(ReportFuzzing.baseline.tags.contains("svg"))
    }
}
