// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `make install`'s installer (scripts/install.sh) with the debug binary: the binary, a man page
/// `man` renders, and completions for bash, zsh and fish.
@Suite("make install")
struct InstallTests {
    /// swift-argument-parser's `generate-manual`: the one `make install` built, else built here into a
    /// scratch path of its own (the running `swift test` holds `.build`'s lock), so that `swift test`
    /// passes on a fresh clone by itself.
    static func generateManual() throws -> String {
        let built = CLI.path(".build/debug/generate-manual")
        if FileManager.default.isExecutableFile(atPath: built) { return built }
        let scratch = CLI.path(".build/tools")
        let tool = scratch + "/debug/generate-manual"
        if !FileManager.default.isExecutableFile(atPath: tool) {
            let build = try shell(
                "swift build --package-path '\(CLI.root.path)' --scratch-path '\(scratch)' --product generate-manual 2>&1")
            try #require(build.status == 0, "building generate-manual failed: \(build.stdout)")
        }
        return tool
    }

    static func shell(_ command: String) throws -> CLI.Output { try CLI.execute("/bin/bash", ["-c", command]) }

    @Test("binary, man page and completions land under the prefix and work")
    func install() throws {
        let generateManual = try Self.generateManual()
        let prefix = try CLI.temporaryDirectory().appendingPathComponent("usr").path
        let installed = try Self.shell("scripts/install.sh '\(prefix)' '\(CLI.binary)' '\(generateManual)'")
        #expect(installed.status == 0, "\(installed.stderr)")
        let version = try Self.shell("'\(prefix)/bin/beaconsim' --version")
        #expect(version.status == 0 && version.stdout.contains("(commit "), "\(version.stdout)")
        // Stripped: no symbol table left.
        let symbols = try Self.shell("nm '\(prefix)/bin/beaconsim' 2>&1 | head -n 1")
        #expect(symbols.stdout.contains("no symbols"), "\(symbols.stdout)")
        let page = try String(contentsOfFile: prefix + "/share/man/man1/beaconsim.1", encoding: .utf8)
        #expect(page.contains(".Nm beaconsim") && page.contains("Exit status: 0 success"))
        // EXIT STATUS lists every status, not the generic "0 on success, >0 on error".
        let exitSection = page.components(separatedBy: ".Sh \"EXIT STATUS\"").last ?? ""
        for status in ["0", "1", "2", "130", "143"] { #expect(exitSection.contains(".It \(status)\n"), "status \(status)") }
        #expect(!exitSection.contains(".Ex -std"))
        #expect(page.contains("check") && page.contains("sweep") && page.contains("--junit"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let rendered = try Self.shell("MANWIDTH=100 man -l '\(prefix)/share/man/man1/beaconsim.1' | col -b")
            #expect(rendered.stdout.contains("beaconsim"), "\(rendered.stderr)")
        }
        // The bash completion loads and completes subcommands.
        let bash = try Self.shell(
            "source '\(prefix)/share/bash-completion/completions/beaconsim' && complete -p beaconsim "
                + "&& COMP_WORDS=(beaconsim sw) COMP_CWORD=1 COMP_LINE='beaconsim sw' COMP_POINT=12 && "
                + "_beaconsim && echo \"${COMPREPLY[@]}\"")
        #expect(bash.status == 0, "\(bash.stderr)")
        #expect(bash.stdout.contains("sweep"), "\(bash.stdout)")
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/zsh/site-functions/_beaconsim"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/fish/vendor_completions.d/beaconsim.fish"))
    }

    @Test("--version names the commit: the checkout's, a git-archive tarball's COMMIT file, else unknown")
    func buildCommit() throws {
        let version = try CLI.run(["--version"])
        let head = try Self.shell("git -C '\(CLI.root.path)' rev-parse --short=12 HEAD")
        #expect(version.stdout.range(of: #"\(commit [0-9a-f]{12}(-dirty)?\)"#, options: .regularExpression) != nil)
        // A binary built from a clean checkout names its commit (one built with changes says -dirty).
        if !version.stdout.contains("-dirty") {
            #expect(version.stdout.contains("(commit \(head.stdout.trimmingCharacters(in: .whitespacesAndNewlines))"))
        }
        // A tarball without .git, as `git archive` (and GitHub's downloads) make it: COMMIT is filled in.
        let tree = try CLI.temporaryDirectory()
        let exported = try Self.shell(
            "cd '\(tree.path)' && git -C '\(CLI.root.path)' archive HEAD COMMIT scripts/build-commit.sh | tar -x && "
                + "sh scripts/build-commit.sh . out.swift && cat out.swift")
        #expect(exported.stdout.contains("\"\(head.stdout.trimmingCharacters(in: .whitespacesAndNewlines))\""), "\(exported)")
        // A copy that is neither: `unknown`.
        let plain = try Self.shell(
            "cd '\(tree.path)' && echo '$Format:%H$' > COMMIT && rm -f out.swift && "
                + "sh scripts/build-commit.sh . out.swift && cat out.swift")
        #expect(plain.stdout.contains("\"unknown\""), "\(plain)")
    }
}
