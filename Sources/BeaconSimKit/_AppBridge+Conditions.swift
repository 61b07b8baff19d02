// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel

/// What `SimulatedMonitor.identifiers` and `record(for:)` read: the conditions Core Location keeps
/// (refreshed from the phone model before every callback), the app's own adds and removes of the
/// current callback, and the events delivered.
extension _AppBridge {
    struct KeptCondition {
        var identifier: String
        var condition: BeaconIdentityCondition
        var lastEvent: SimulatedMonitor.Event

        init(_ definition: RegionDefinition, state: MonitoringState, at seconds: Double) {
            identifier = definition.identifier
            condition = BeaconIdentityCondition(
                uuid: _UUIDBridging.uuid(definition.uuid), major: definition.major, minor: definition.minor)
            lastEvent = SimulatedMonitor.Event(identifier: definition.identifier, state: state, date: seconds)
        }
    }

    func record(for identifier: String) -> SimulatedMonitor.Record? {
        kept.first { $0.identifier == identifier }.map {
            SimulatedMonitor.Record(condition: $0.condition, lastEvent: $0.lastEvent)
        }
    }

    /// The phone's conditions at `seconds`: a condition whose state changed without the app being
    /// told gets a last event of that state, dated now (when the app can first read it).
    func refresh(from conditions: MonitorConditions, at seconds: Double) {
        kept = conditions.conditions.map { kept in
            var condition = KeptCondition(kept.definition, state: kept.state, at: seconds)
            if let known = self.kept.first(where: { $0.identifier == condition.identifier }),
                known.lastEvent.state == kept.state
            {
                condition.lastEvent = known.lastEvent
            }
            return condition
        }
    }

    /// The app's `add` (the request takes effect after the callback; the app reads it at once).
    func added(_ condition: BeaconIdentityCondition, identifier: String, assuming state: MonitoringState, at seconds: Double) {
        let lastEvent = SimulatedMonitor.Event(identifier: identifier, state: state, date: seconds)
        if let index = kept.firstIndex(where: { $0.identifier == identifier }) {
            kept[index].condition = condition
            kept[index].lastEvent = lastEvent
        } else {
            var new = KeptCondition(
                RegionDefinition(identifier: identifier, uuid: _UUIDBridging.beaconUUID(condition.uuid)), state: state,
                at: seconds)
            new.condition = condition
            kept.append(new)
        }
    }

    /// An event delivered to the app: the condition's last event.
    func received(_ event: SimulatedMonitor.Event) {
        guard let index = kept.firstIndex(where: { $0.identifier == event.identifier }) else { return }
        kept[index].lastEvent = event
    }
}
