// SPDX-License-Identifier: GPL-3.0-or-later

extension PhoneDevice.ReceiveState {
    /// Asks the processor to fetch the fields `receive` reads first, at the head of each model:
    /// for a phone a few deliveries ahead in the synthetic medium's delivery loop, whose state
    /// with a thousand phones is not in the nearer caches. A hint only: it changes nothing.
    func prefetchFields() {
        _UnsafeHandle.prefetch(&radioObservers)
        _UnsafeHandle.prefetch(&lifecycle)
        _UnsafeHandle.prefetch(&monitor)
        _UnsafeHandle.prefetch(&scanner)
    }

    /// Asks for the storage of the monitor's per-packet arrays (its match keys and tracks), whose
    /// addresses are read from the fields `prefetchFields` fetched: so called a few deliveries
    /// after it. A hint only.
    func prefetchMonitorStorage() {
        monitor.visitPacketStorage(_ArrayStoragePrefetcher(headBytes: 64))
    }
}
