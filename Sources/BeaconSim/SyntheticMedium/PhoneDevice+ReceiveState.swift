// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel

extension PhoneDevice {
    /// The state a phone's `receive` reads and changes for every advertising event it hears,
    /// declared in the kernel's room so that its fields go without dynamic exclusivity checks:
    /// the phone is single-threaded and its models are values that return effects instead of
    /// calling back into the phone, so no access to them can overlap another. Each model's
    /// per-packet fields come first, so an event touches few cache lines (`prefetchReceiveState`).
    final class ReceiveState {
        /// See what the radio does (scan changes, received packets), e.g. to write an HCI log or
        /// the run's track; usually none.
        @exclusivity(unchecked) var radioObservers: [any PhoneRadioObserver] = []
        /// The lowest of their `packetFloor`s, dBm (`Int.max`: no observers): an event whose
        /// packets are all weaker goes to none of them, so a crowd's track, which needs only the
        /// packets above its threshold, costs nothing for the many below.
        @exclusivity(unchecked) var observersFloor = Int.max
        /// Screen, Bluetooth and the first unlock after a reboot.
        @exclusivity(unchecked) var switches = PhoneSwitches()
        /// The app's process: location manager, ranging requests, held callbacks, timers.
        @exclusivity(unchecked) var process: AppProcessState
        /// The OS models (values).
        @exclusivity(unchecked) var lifecycle: AppLifecycle
        @exclusivity(unchecked) var monitor: RegionMonitor
        @exclusivity(unchecked) var scanner: ScanScheduler
        @exclusivity(unchecked) var ranging: RangingEstimator

        init(
            process: AppProcessState, lifecycle: AppLifecycle, monitor: RegionMonitor, scanner: ScanScheduler,
            ranging: RangingEstimator
        ) {
            self.process = process
            self.lifecycle = lifecycle
            self.monitor = monitor
            self.scanner = scanner
            self.ranging = ranging
        }
    }

    var radioObservers: [any PhoneRadioObserver] {
        get { receiveState.radioObservers }
        _modify { yield &receiveState.radioObservers }
    }
    var switches: PhoneSwitches {
        get { receiveState.switches }
        _modify { yield &receiveState.switches }
    }
    var process: AppProcessState {
        get { receiveState.process }
        _modify { yield &receiveState.process }
    }
    var lifecycle: AppLifecycle {
        get { receiveState.lifecycle }
        _modify { yield &receiveState.lifecycle }
    }
    var monitor: RegionMonitor {
        get { receiveState.monitor }
        _modify { yield &receiveState.monitor }
    }
    var scanner: ScanScheduler {
        get { receiveState.scanner }
        _modify { yield &receiveState.scanner }
    }
    var ranging: RangingEstimator {
        get { receiveState.ranging }
        _modify { yield &receiveState.ranging }
    }
}
