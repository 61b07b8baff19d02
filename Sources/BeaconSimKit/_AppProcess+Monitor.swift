// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel

/// The `CLMonitor` and `CLServiceSession` side of a process: the monitors it opened, the sessions
/// it holds, and the requests they make.
extension _AppProcess {
    struct WeakMonitor {
        weak var monitor: SimulatedMonitor?
    }

    /// The live monitors, in the order they were opened.
    var liveMonitors: [SimulatedMonitor] { monitors.compactMap(\.monitor) }

    /// `await SimulatedMonitor(name)`: the process opens the app's monitor.
    func opened(_ monitor: SimulatedMonitor) {
        monitors.append(WeakMonitor(monitor: monitor))
        request(.openMonitor, action: .openedMonitor(name: monitor.name))
    }

    /// `add(_:identifier:assuming:)`: always a request (the real `add` does not look first).
    func add(_ condition: BeaconIdentityCondition, identifier: String, assuming state: MonitoringState) {
        let definition = RegionDefinition(
            identifier: identifier, uuid: _UUIDBridging.beaconUUID(condition.uuid), major: condition.major,
            minor: condition.minor)
        request(
            .addCondition(definition, assuming: state, onlyIfAbsent: false),
            action: .addedCondition(identifier: identifier, assuming: state))
        bridge.added(condition, identifier: identifier, assuming: state, at: application.now)
    }

    func removeCondition(_ identifier: String) {
        request(.removeCondition(identifier: identifier), action: .removedCondition(identifier: identifier))
        bridge.kept.removeAll { $0.identifier == identifier }
    }

    /// An event of the app's monitor: every live monitor of the process gets it.
    func deliver(_ event: MonitorEvent, at seconds: Double) {
        let event = SimulatedMonitor.Event(
            identifier: event.identifier, state: event.state, date: seconds,
            refinement: event.refinement.map {
                BeaconIdentityCondition(uuid: _UUIDBridging.uuid($0.uuid), major: $0.major, minor: $0.minor)
            },
            diagnostics: event.diagnostics)
        bridge.received(event)
        for monitor in liveMonitors { monitor.buffer.push(event) }
    }

    // MARK: - Service sessions

    /// A `SimulatedServiceSession` is taken: returns its id.
    func holdSession(_ requirement: ServiceSessionRequirement) -> Int {
        let id = nextSession
        nextSession += 1
        sessions[id] = requirement
        record(.tookServiceSession(requirement))
        updateSession()
        return id
    }

    func releaseSession(_ id: Int) {
        guard let requirement = sessions.removeValue(forKey: id) else { return }
        record(.releasedServiceSession(requirement))
        updateSession()
    }

    /// Tells the OS the strongest requirement the process holds, when it changes.
    private func updateSession() {
        let order = ServiceSessionRequirement.allCases
        let strongest =
            sessions.values.max { (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0) }
            ?? ServiceSessionRequirement.none
        guard strongest != heldSession else { return }
        heldSession = strongest
        requests.append(.holdServiceSession(strongest))
    }
}
