// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// An app running on a simulated phone: it receives callbacks and answers with requests.
///
/// The scenario's rule set is one such app; BeaconSimKit lets a user's own delegate code be
/// another. Calls happen synchronously in simulated time; `now` is the simulated clock.
public protocol PhoneApp: AnyObject {
    /// Handles one callback and returns what the app asks the OS to do at the same instant.
    func handle(_ callback: AppCallback, at now: SimTime) -> [AppRequest]
}
