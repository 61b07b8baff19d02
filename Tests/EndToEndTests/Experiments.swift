// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Helpers for the experiment tests: find the folder a command wrote, read its files.
enum Experiments {
    /// The latest folder under OUT/<scenario>/ whose name contains `marker` (and not `other`).
    static func folder(in out: URL, scenario: String, containing marker: String, excluding other: String? = nil) throws
        -> URL
    {
        let parent = out.appendingPathComponent(scenario)
        let names = try FileManager.default.contentsOfDirectory(atPath: parent.path)
            .filter { $0.contains(marker) && !(other.map($0.contains) ?? false) }.sorted()
        let name = try #require(names.last, "no folder with \(marker) in \(parent.path)")
        return parent.appendingPathComponent(name)
    }

    static func text(_ folder: URL, _ file: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    }

    static func manifest(_ folder: URL) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
                as? [String: Any])
    }
}
