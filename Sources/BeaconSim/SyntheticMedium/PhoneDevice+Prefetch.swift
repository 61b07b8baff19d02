// SPDX-License-Identifier: GPL-3.0-or-later
internal import CPrefetch

extension PhoneDevice {
    /// Asks the processor to fetch the fields `receive` reads first, at the head of each model:
    /// for a phone a few deliveries ahead in the synthetic medium's delivery loop, whose state
    /// with a thousand phones is not in the nearer caches. Their addresses come from the object
    /// alone (no load). A hint only: it changes nothing.
    func prefetchReceiveState() {
        withUnsafeMutablePointer(to: &radioObservers) { beaconsim_prefetch($0) }
        withUnsafeMutablePointer(to: &lifecycle) { beaconsim_prefetch($0) }
        withUnsafeMutablePointer(to: &monitor) { beaconsim_prefetch($0) }
        withUnsafeMutablePointer(to: &scanner) { beaconsim_prefetch($0) }
    }
}
