// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Runs the CLI as a child process and measures its peak resident memory alone. Linux folds the
/// high-water mark of the memory a process replaces at `exec` into that process's peak, and a
/// child spawned straight from the test runner (`posix_spawn` shares the runner's memory until
/// `exec`) would report the runner's own peak — that of every test running in parallel. So the
/// CLI is started by a small Python parent that reports its child's `ru_maxrss`: what leaks in is
/// that parent's peak (about 10 MiB), below the CLI's own.
enum ChildProcess {
    struct Usage {
        var status: Int32
        /// Peak resident set size, KiB.
        var maxResidentKiB: Int
    }

    /// The parent: runs argv[2...] with stdout and stderr discarded, writes the child's peak
    /// (KiB on Linux) to the file argv[1], and exits with the child's status.
    static let parent = """
        import os, resource, subprocess, sys
        with open(os.devnull, "wb") as null:
            code = subprocess.call(sys.argv[2:], stdout=null, stderr=null)
        with open(sys.argv[1], "w") as report:
            report.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
        sys.exit(code if code >= 0 else 255)
        """

    /// Runs `beaconsim arguments` with stdout and stderr discarded.
    static func usage(_ arguments: [String]) throws -> Usage {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("peak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", parent, report.path, CLI.binary] + arguments
        try process.run()
        process.waitUntilExit()
        let peak = try String(contentsOf: report, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return Usage(status: process.terminationStatus, maxResidentKiB: try #require(Int(peak), "peak \(peak)"))
    }
}
