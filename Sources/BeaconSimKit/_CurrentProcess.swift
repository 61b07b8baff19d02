// SPDX-License-Identifier: GPL-3.0-or-later

/// The app process whose code is running, so that `SimulatedLocationManager()` and
/// `SimulatedApplication.shared` find it the way CoreLocation and UIKit find theirs.
///
/// `@unchecked Sendable`: the box is only read synchronously inside one world's callback, on the
/// task that runs that world; worlds never share a process.
final class _CurrentProcess: @unchecked Sendable {
    @TaskLocal static var running: _CurrentProcess?

    weak var process: _AppProcess?

    init(_ process: _AppProcess) { self.process = process }
}
