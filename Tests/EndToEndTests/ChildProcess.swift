// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Runs the CLI as a child process and measures it alone: `wait4` returns that child's own
/// resource usage (its peak resident memory), unaffected by other tests running in parallel.
enum ChildProcess {
    struct Usage {
        var status: Int32
        /// Peak resident set size, KiB.
        var maxResidentKiB: Int
    }

    /// Runs `beaconsim arguments` with stdout and stderr discarded.
    static func usage(_ arguments: [String]) throws -> Usage {
        let argv = ([CLI.binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, CLI.binary, &actions, nil, argv, environ)
        try #require(spawned == 0, "posix_spawn failed: \(spawned)")
        var status: Int32 = 0
        var usage = rusage()
        var waited: pid_t
        repeat { waited = wait4(pid, &status, 0, &usage) } while waited == -1 && errno == EINTR
        try #require(waited == pid, "wait4 failed: \(errno)")
        let exited = status & 0x7f == 0
        return Usage(status: exited ? (status >> 8) & 0xff : -1, maxResidentKiB: Int(usage.ru_maxrss))
    }
}
