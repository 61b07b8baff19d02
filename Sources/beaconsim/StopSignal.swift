// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Synchronization

/// SIGINT / SIGTERM as a flag that long-running commands (`listen`, `advertise`) poll, so Ctrl-C
/// ends them cleanly: scanning or advertising disabled, files completed.
enum StopSignal {
    static let requested = Atomic<Bool>(false)

    /// Installs the handlers (a second Ctrl-C still stops the loop at its next poll, within 100 ms).
    static func install() {
        for number in [SIGINT, SIGTERM] {
            _ = signal(number) { _ in StopSignal.requested.store(true, ordering: .relaxed) }
        }
    }

    static var isRequested: Bool { requested.load(ordering: .relaxed) }
}
