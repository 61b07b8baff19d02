// SPDX-License-Identifier: GPL-3.0-or-later

/// Looks at the storage of the arrays a model reads for every advertising event its phone hears
/// (`RegionMonitor.visitPacketStorage`), without changing them: the synthetic medium's delivery
/// loop asks the processor to fetch that storage a few phones ahead.
public protocol PacketStorageVisitor {
    /// Visits one array, borrowed in place (no copy, no reference counting).
    func visit<Element>(_ elements: borrowing [Element])
}
