// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` (the commit the sources were built from) before every build of the
/// target that uses it, with `scripts/build-commit.sh`: the checkout's commit when there is a git
/// checkout (with `-dirty` for uncommitted changes to tracked files), else the `COMMIT` file that
/// `git archive` fills in (export-subst), else `unknown`. The file is rewritten only when its text
/// changes, so an unchanged commit rebuilds nothing.
@main
struct BuildCommitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        let package = context.package.directoryURL
        return [
            .prebuildCommand(
                displayName: "Recording the build's commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [
                    package.appending(path: "scripts/build-commit.sh").path, package.path,
                    output.appending(path: "BuildCommit.swift").path,
                ],
                outputFilesDirectory: output)
        ]
    }
}
