// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
internal import BLEAdvertising
internal import HCICapture
internal import HCILive
internal import Reporting
internal import SimulationCore

/// A live controller as the radio (`RadioMedium`) of `listen`: its advertising reports' iBeacon
/// frames arrive at the session clock's elapsed time, and the loop is paced by that clock as
/// ns-3's real-time simulator and SimPy's `RealtimeEnvironment` pace theirs — it is asked for an
/// arrival not after the world's next event and waits for the controller until the clock reaches
/// that instant, so the world's events are handled when the wall clock reaches them. The medium
/// closes at `duration`, when `stop()` says so, or on a transport error (kept in its `summary`).
struct LiveMedium: RadioMedium {
    let host: HCIHost
    let clock: any SessionClock
    /// The session's length; nil: until `stop()`.
    let duration: SimDuration?
    let stop: () -> Bool
    /// Called with each live line (a summary every `console.interval`); nil: silent.
    let show: ((String) -> Void)?
    var console: LiveConsole
    /// The session's counts, and where and why the medium closed.
    private(set) var summary = Summary()
    private(set) var packetsSent = 0
    private(set) var packetsReceived = 0
    /// Packets received and not yet delivered, in arrival order (one report's frames share a time).
    private var pending: [ReplayPacket] = []
    private var assembler = LEExtendedReportAssembler()
    private var sources: [IBeaconIdentity: Int] = [:]

    /// Longest wait for the controller at a time, so `stop()` is seen promptly.
    static let poll: SimDuration = .milliseconds(50)

    init(
        host: HCIHost, clock: any SessionClock, duration: SimDuration?, stop: @escaping () -> Bool, show: ((String) -> Void)?,
        console: LiveConsole
    ) {
        self.host = host
        self.clock = clock
        self.duration = duration
        self.stop = stop
        self.show = show
        self.console = console
    }

    /// What a session's medium saw (`summary`).
    struct Summary {
        /// Reports received, those with an iBeacon, and iBeacon packets dropped past `maximumTransmitters`.
        var reports = 0
        var iBeaconReports = 0
        var droppedPackets = 0
        /// The instant the medium closed, and the transport error that closed it (nil: `stop()` or `duration`).
        var closedAt: SimTime = .zero
        var failure: (any Error)?
    }

    mutating func start(in world: World) {}

    mutating func nextArrival(notAfter limit: SimTime) -> MediumArrival {
        while pending.isEmpty {
            let now = SimTime.zero + clock.elapsed()
            if stop() || duration.map({ now.nanoseconds >= $0.nanoseconds }) == true { return close(at: now) }
            // The world's next event is due by the wall clock: it goes first.
            if now > limit { return .none }
            let wait = min(Self.poll, max(.milliseconds(1), limit - now))
            do {
                let event = try host.nextEvent(timeout: .nanoseconds(wait.nanoseconds))
                let time = SimTime.zero + clock.elapsed()
                if case .leAdvertisingReports(let list) = event { receive(list, at: time) }
                if let show, let summary = console.summary(at: time) { show(summary) }
            } catch {
                summary.failure = error
                return close(at: SimTime.zero + clock.elapsed())
            }
        }
        return pending[0].time <= limit ? .at(pending[0].time) : .none
    }

    mutating func deliver(at time: SimTime, in world: World) -> Bool {
        let packet = pending.removeFirst()
        packetsSent += 1
        guard world.offer(packet, through: &self) else { return false }
        packetsReceived += 1
        return true
    }

    private mutating func close(at time: SimTime) -> MediumArrival {
        summary.closedAt = time
        return .closed(at: time)
    }

    /// Takes the iBeacon frames of `list`'s complete reports as packets arriving at `time`.
    private mutating func receive(_ list: [LEAdvertisingReport], at time: SimTime) {
        for report in list {
            summary.reports += 1
            guard let complete = assembler.add(report), let rssi = complete.rssi else {
                console.report(iBeacon: nil, rssi: nil)
                continue
            }
            let observation = AdvertisingObservation(report: complete, timestamp: 0)
            var iBeacon = false
            for case .ibeacon(let frame) in observation.beaconFrames {
                iBeacon = true
                console.report(iBeacon: LiveListen.label(frame.identity), rssi: Int(rssi))
                summary.iBeaconReports += 1
                guard let source = sources[frame.identity] ?? LiveListen.newSource(sources.count) else {
                    summary.droppedPackets += 1
                    continue
                }
                sources[frame.identity] = source
                pending.append(ReplayPacket(time: time, frame: frame, rssi: Int(rssi), source: source))
            }
            if !iBeacon { console.report(iBeacon: nil, rssi: nil) }
        }
    }
}
