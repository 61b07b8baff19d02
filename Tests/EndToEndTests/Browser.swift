// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Debian's Chromium, headless: what a person opening a report would see. `scripts/setup.sh test`
/// installs it. Pages are loaded from `file://` URLs with no network.
enum Browser {
    static let executable = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Where the screenshots go, to be looked at: `.build/report-png/`.
    static var pictures: URL {
        let url = CLI.root.appendingPathComponent(".build/report-png")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    struct Page {
        var dom: String
        /// The page's console messages (Chromium logs them on stderr with `--enable-logging`).
        var console: [String]
        /// Uncaught exceptions and console errors.
        var errors: [String] {
            console.filter { $0.contains("Uncaught") || $0.contains("Error") || $0.contains(":ERROR:CONSOLE") }
        }
    }

    static func run(_ arguments: [String]) throws -> (stdout: String, stderr: String, status: Int32) {
        let chromium = try #require(executable, "chromium is missing: scripts/setup.sh test installs it")
        let profile = try CLI.temporaryDirectory()
        let output = try CLI.execute(
            chromium,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000",
            ] + arguments)
        return (output.stdout, output.stderr, output.status)
    }

    /// The DOM after the page's scripts ran, and its console.
    static func load(_ file: URL, fragment: String = "") throws -> Page {
        let result = try run(["--dump-dom", file.absoluteString + fragment])
        #expect(result.status == 0, "chromium: \(result.stderr.suffix(500))")
        let console = result.stderr.split(separator: "\n").map(String.init).filter { $0.contains("CONSOLE") }
        return Page(dom: result.stdout, console: console)
    }

    /// A PNG of the page at `width` × `height` pixels into `.build/report-png/NAME.png`; returns its bytes.
    @discardableResult
    static func screenshot(_ file: URL, fragment: String = "", name: String, width: Int = 1280, height: Int = 1600) throws
        -> Data
    {
        let png = pictures.appendingPathComponent("\(name).png")
        try? FileManager.default.removeItem(at: png)
        let result = try run(["--window-size=\(width),\(height)", "--screenshot=\(png.path)", file.absoluteString + fragment])
        #expect(result.status == 0, "chromium: \(result.stderr.suffix(500))")
        let data = try Data(contentsOf: png)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        return data
    }

    /// The first match of `pattern`'s group 1 in `text`.
    static func capture(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: .dotMatchesLineSeparators),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }
}
