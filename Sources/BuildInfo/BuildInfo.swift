// SPDX-License-Identifier: GPL-3.0-or-later

/// What `beaconsim --version` says about the build: the commit comes from the file the
/// BuildCommitPlugin generates before each build (`buildCommit`).
package enum BuildInfo {
    /// `0.1.0 (commit 1a2b3c4d5e6f)`; `-dirty` marks uncommitted changes, `unknown` a source tree
    /// that is neither a git checkout nor a `git archive` tarball.
    package static func versionText(_ version: String) -> String { "\(version) (commit \(buildCommit))" }
}
