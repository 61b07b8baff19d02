// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation
internal import Stochastics

/// A phone's own radio terms: its receive offset (rf.md §7.3) and what it hears of the beacons
/// sharing the air, for collisions (rf.md §9).
struct PhoneRadio {
    /// dB added to every RSSI the phone sees.
    let receiverOffset: Double
    var collisions: CollisionMeter
    /// Draws of "lost to a collision", one per packet at risk ("phone/NAME/collisions").
    let collisionDraws: RandomStream
}
