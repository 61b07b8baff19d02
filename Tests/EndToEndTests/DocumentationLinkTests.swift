// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// README.md and docs/ point only at files inside the repository, and every link resolves.
@Suite("documentation links")
struct DocumentationLinkTests {
    static var pages: [URL] {
        let docs = CLI.root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [CLI.root.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    @Test("every relative link names an existing file in the repository; no path leaves it")
    func links() throws {
        let root = CLI.root.standardizedFileURL.path
        for page in Self.pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for match in text.matches(of: /\]\(([^)\s]+)\)/) {
                let target = String(match.1)
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("#") { continue }
                let file = String(target.split(separator: "#", maxSplits: 1)[0])
                let resolved = page.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL.path
                #expect(resolved.hasPrefix(root + "/"), "\(page.lastPathComponent): \(target) leaves the repository")
                #expect(FileManager.default.fileExists(atPath: resolved), "\(page.lastPathComponent): \(target) is missing")
            }
            for match in text.matches(of: /`(\.\.\/[^`\s]+)`/) {
                let resolved = page.deletingLastPathComponent().appendingPathComponent(String(match.1)).standardizedFileURL
                    .path
                #expect(resolved.hasPrefix(root + "/"), "\(page.lastPathComponent): `\(match.1)` points outside the repository")
            }
        }
    }
}
