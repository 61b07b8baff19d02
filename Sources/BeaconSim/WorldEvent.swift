// SPDX-License-Identifier: GPL-3.0-or-later

/// The kinds of event a world schedules in its general queue; indices refer to the world's beacons
/// and phones. Advertising events have their own `SourceQueue`.
enum WorldEvent {
    /// Set-up of a phone at t = 0: region registration and the app's initial state.
    case phoneStart(phone: Int)
    case power(beacon: Int, on: Bool)
    /// A phone acting as a beacon rotates its Bluetooth address.
    case rotateAddress(beacon: Int)
    /// The phone's models have a deadline (ranging cycle ends included).
    case phoneTimer(phone: Int)
    case zoneCrossing(phone: Int, crossing: Int)
    case userAction(phone: Int, action: Int)
    case randomAction(phone: Int, process: Int)
    /// The phone starts or stops moving (only for phones whose profile models Doze).
    case motion(phone: Int, moving: Bool)
}
