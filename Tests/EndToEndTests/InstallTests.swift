// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `make install`'s installer (scripts/install.sh) with the debug binary: the binary, a man page
/// `man` renders, and completions for bash, zsh and fish.
@Suite("make install")
struct InstallTests {
    static let generateManual = CLI.path(".build/debug/generate-manual")

    static func shell(_ command: String) throws -> CLI.Output { try CLI.execute("/bin/bash", ["-c", command]) }

    @Test("binary, man page and completions land under the prefix and work")
    func install() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.generateManual),
            "build it first: swift build --product generate-manual (make test does)")
        let prefix = try CLI.temporaryDirectory().appendingPathComponent("usr").path
        let installed = try Self.shell("scripts/install.sh '\(prefix)' '\(CLI.binary)' '\(Self.generateManual)'")
        #expect(installed.status == 0, "\(installed.stderr)")
        let version = try Self.shell("'\(prefix)/bin/beaconsim' --version")
        #expect(version.status == 0 && !version.stdout.isEmpty)
        let page = try String(contentsOfFile: prefix + "/share/man/man1/beaconsim.1", encoding: .utf8)
        #expect(page.contains(".Nm beaconsim") && page.contains("Exit status: 0 success"))
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
}
