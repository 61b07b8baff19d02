// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// The radio a world's phones listen through, as the run loop sees it: a source of arrivals in
/// time order that the loop merges with the world's own events (`RunLoop`). The loop asks for the
/// next arrival not after an instant, then has it delivered at that instant; between the two the
/// world's clock stands at the arrival. Three media exist: the synthetic radio of a simulation
/// (`SyntheticMedium`: beacons, links, propagation), a capture's packets (`CaptureMedium`, for
/// `replay` and `check --capture`) and a live controller paced by the wall clock (Sessions'
/// `LiveMedium`, for `listen`).
public protocol RadioMedium: ~Copyable {
    /// Called once, before the first arrival is asked for: the medium schedules what it will send.
    mutating func start(in world: World)

    /// The medium's next arrival at or before `limit` (`.at`), none by then (`.none`), or the end
    /// of the medium at an instant (`.closed`: the loop handles the world's events up to it and
    /// returns). The loop passes as `limit` the instant just before the world's next event, so the
    /// world's event goes first at equal times.
    mutating func nextArrival(notAfter limit: SimTime) -> MediumArrival

    /// Delivers what arrives at `time` (the instant `nextArrival` just named) to the world's
    /// phones; returns whether a phone was rescheduled (the world's queue may have changed).
    mutating func deliver(at time: SimTime, in world: World) -> Bool

    /// Phone `phone`'s scan schedule may have changed (`World.reschedule`): a medium that keeps
    /// its own copy of it refreshes that copy (`World.listeningSchedule(of:)`).
    mutating func listeningChanged(phone: Int, in world: World)

    /// Beacon `beacon` was switched on (`on`) or off at the world's current instant.
    mutating func beaconPowerChanged(_ beacon: Int, on: Bool, in world: World)

    /// Packets the medium sent (or offered) and packets some phone received; listening links
    /// evaluated (the synthetic medium's work, 0 for the others).
    var packetsSent: Int { get }
    var packetsReceived: Int { get }
    var linkEvaluations: Int { get }
}

extension RadioMedium where Self: ~Copyable {
    /// Media with no copy of the phones' schedules ask the phone at each arrival.
    public mutating func listeningChanged(phone: Int, in world: World) {}
    /// Media with no beacons of the scenario ignore its power changes.
    public mutating func beaconPowerChanged(_ beacon: Int, on: Bool, in world: World) {}
    public var linkEvaluations: Int { 0 }
}

/// What a medium has next (`RadioMedium.nextArrival(notAfter:)`).
public enum MediumArrival: Equatable, Sendable {
    /// Something arrives at this instant (not after the limit asked about).
    case at(SimTime)
    /// Nothing arrives by the limit.
    case none
    /// The medium has ended (a live session stopped): the run ends at this instant.
    case closed(at: SimTime)
}
