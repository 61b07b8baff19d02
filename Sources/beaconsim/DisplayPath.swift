// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Paths as a user typed them: a results folder under the working directory is printed relative
/// to it (`Results/retail-store/…`, as `--out Results` said), anything else as the absolute path.
enum DisplayPath {
    static func text(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let prefix = here.hasSuffix("/") ? here : here + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
