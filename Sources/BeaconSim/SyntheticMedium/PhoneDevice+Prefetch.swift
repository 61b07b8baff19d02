// SPDX-License-Identifier: GPL-3.0-or-later

extension PhoneDevice {
    /// Asks the processor to fetch the fields `receive` reads first, at the head of each model:
    /// for a phone a few deliveries ahead in the synthetic medium's delivery loop, whose state
    /// with a thousand phones is not in the nearer caches. A hint only: it changes nothing.
    func prefetchReceiveState() {
        _UnsafeHandle.prefetch(&receiveState.radioObservers)
        _UnsafeHandle.prefetch(&receiveState.lifecycle)
        _UnsafeHandle.prefetch(&receiveState.monitor)
        _UnsafeHandle.prefetch(&receiveState.scanner)
    }
}
