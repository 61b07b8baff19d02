// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// The C standard output `print` writes to.
enum StandardOutput {
    /// Line-buffered even into a pipe, so each printed line reaches a CI log at once.
    static func lineBuffered() { setvbuf(stdout, nil, _IOLBF, 0) }

    static func flush() { fflush(stdout) }
}
