// SPDX-License-Identifier: GPL-3.0-or-later
public import Stochastics

/// The scan ceiling of one device in time: in each 1 s slot the device either reports what its
/// radio receives or reports nothing, with probability `DeviceProfile.scanCeiling` (drawn once
/// per slot from the device's own stream, at the first reception of the slot).
public struct ScanGate: Sendable {
    private var random: CounterStream
    public let ceiling: Double
    private var slot: Int64 = .min
    private var open = true

    public init(random: CounterStream, ceiling: Double) {
        self.random = random
        self.ceiling = ceiling
    }

    /// Whether the device passes on a packet received at `timeNanoseconds`.
    public mutating func isOpen(at timeNanoseconds: Int64) -> Bool {
        guard ceiling < 1 else { return true }
        let current = timeNanoseconds / DeviceProfile.scanSlotNanoseconds
        if current != slot {
            slot = current
            open = random.uniform() < ceiling
        }
        return open
    }
}
