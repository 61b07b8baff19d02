// SPDX-License-Identifier: GPL-3.0-or-later
public import Stochastics

/// A gate in 1 s slots (`DeviceProfile.scanSlotNanoseconds`): in each slot it is open with
/// probability `ceiling`, for every packet of the slot. Two uses:
///
/// - a device's scan ceiling (`DeviceProfile.scanCeiling`): the device either reports what its radio
///   receives in a slot or nothing; drawn once per slot from the device's own stream, at the first
///   reception of the slot (the k-th slot asked about takes the stream's k-th draw);
/// - a beacon's report share (`BeaconSpec.reportShare`): its packets make it into any phone's report
///   in a slot or into none; shared by every phone, so the draw of slot k is the k-th number of the
///   beacon's stream (`indexedBySlot`), whichever phone asks first and whether or not others do.
///
/// With a ceiling of 1 the gate is always open and draws nothing.
public struct ScanGate: Sendable {
    private var random: CounterStream
    public let ceiling: Double
    private let indexedBySlot: Bool
    private var slot: Int64 = .min
    private var open = true

    public init(random: CounterStream, ceiling: Double, indexedBySlot: Bool = false) {
        self.random = random
        self.ceiling = ceiling
        self.indexedBySlot = indexedBySlot
    }

    /// Whether the gate passes a packet received at `timeNanoseconds`.
    /// Inlined: with a ceiling of 1 (most devices) it is one comparison in the per-packet loop.
    @inlinable public mutating func isOpen(at timeNanoseconds: Int64) -> Bool {
        ceiling < 1 ? isOpenInSlot(at: timeNanoseconds) : true
    }

    /// `isOpen(at:)` for a ceiling below 1: the slot's draw, made at the slot's first packet.
    @usableFromInline mutating func isOpenInSlot(at timeNanoseconds: Int64) -> Bool {
        let current = timeNanoseconds / DeviceProfile.scanSlotNanoseconds
        if current != slot {
            slot = current
            if indexedBySlot { random.seek(to: UInt64(max(0, current))) }
            open = random.uniform() < ceiling
        }
        return open
    }
}
