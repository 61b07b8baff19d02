// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import SimulationCore

/// The OS's bookkeeping for one monitored region.
struct _RegionTrack {
    // The fields a received packet reads and writes come first, so a packet touches one cache
    // line of its track; the definition and the rarely read fields follow.
    var state: RegionState = .unknown
    /// Whether the region sits in a hardware-filter slot.
    var hardwareAssisted: Bool
    /// A background exit was lost: no exit until a packet is heard again.
    var exitLost = false
    /// Last packet of the region heard in a scan window.
    var lastSeen: SimTime?
    /// When to check whether the hysteresis has run out.
    var exitCheckAt: SimTime?
    /// When a background exit is confirmed, and the `lastSeen` it was armed with.
    var exitConfirmAt: SimTime?
    /// When a detected entry will be reported.
    var entryAt: SimTime?
    /// First packet since the region was last outside (for entry latency).
    var firstSeen: SimTime?
    var exitArmedLastSeen: SimTime?
    /// The beacon of that first packet (a CLMonitor event's `refinement`).
    var refinement: IBeaconIdentity?
    /// When the initial state will be determined, and why (first start or Bluetooth back on).
    var initialAt: SimTime?
    var initialReason: DeterminationReason = .initial
    /// The delays drawn for the pending entry and exit (nil: none drawn: foreground, software scan),
    /// kept until the next is scheduled so the phone can trace the one that decided a transition.
    var entryDelay: OSDelay?
    var exitDelay: OSDelay?
    /// Pending requestState / screen-on determinations.
    var determinationAt: SimTime?
    var determinationReason: DeterminationReason = .requested
    var definition: RegionDefinition

    init(definition: RegionDefinition, hardwareAssisted: Bool) {
        self.definition = definition
        self.hardwareAssisted = hardwareAssisted
    }

    /// A packet of the region was heard at `time`: it is the last seen, and an exit lost in the
    /// background is void. Returns the state (one in-place access of the monitor's track array,
    /// so one uniqueness check, per packet).
    mutating func heard(at time: SimTime) -> RegionState {
        lastSeen = time
        exitLost = false
        return state
    }

    /// The earliest pending deadline.
    var nextDeadline: SimTime? {
        var earliest = initialAt
        for candidate in [entryAt, exitCheckAt, exitConfirmAt, determinationAt] {
            if let candidate, earliest.map({ candidate < $0 }) ?? true { earliest = candidate }
        }
        return earliest
    }
}
