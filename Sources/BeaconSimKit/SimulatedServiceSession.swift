// SPDX-License-Identifier: GPL-3.0-or-later

/// `CLServiceSession` (iOS 18+): the app declares the authorisation it needs while it holds the
/// object. On `ios-18`+ an app with Always authorisation receives `SimulatedMonitor` events while
/// not in use only while it holds a session with `.always` (CLServiceSession.h, H).
///
/// Hold it in a property for as long as the app needs events; it is released when the object is
/// dropped or `invalidate()`d, and with the process (a kill). Take it while the app is in use, or
/// again promptly at a relaunch after one was held: one first taken in the background counts for
/// nothing (`insufficientlyInUse`) until the app is next in use. Sessions a process holds combine:
/// the strongest requirement counts. Created outside the app's code it does nothing.
public final class SimulatedServiceSession {
    /// `CLServiceSession.AuthorizationRequirement`.
    public typealias AuthorizationRequirement = ServiceSessionRequirement

    public let authorizationRequirement: AuthorizationRequirement
    private weak var process: _AppProcess?
    private var id: Int?

    /// `CLServiceSession(authorization:)`.
    public init(authorization: AuthorizationRequirement) {
        authorizationRequirement = authorization
        process = _CurrentProcess.running?.process
        id = process?.holdSession(authorization)
    }

    /// Releases the session (also done when the object is dropped).
    public func invalidate() {
        guard let id else { return }
        self.id = nil
        process?.releaseSession(id)
    }

    deinit { invalidate() }
}
