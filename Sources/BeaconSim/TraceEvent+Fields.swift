// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
public import PhoneModel
public import SimulationCore

/// A named value of a trace event, as timeline.jsonl writes it and claims filter on it.
public struct TraceField: Sendable, Hashable {
    public var name: String
    public var value: Value

    public enum Value: Sendable, Hashable {
        case text(String)
        case flag(Bool)
        case time(SimTime)
        case beacons([RangedBeacon])
    }

    init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }

    /// The value as claims compare it (`inside`, `true`); nil for times and beacon lists.
    public var text: String? {
        switch value {
        case .text(let text): text
        case .flag(let flag): flag ? "true" : "false"
        case .time, .beacons: nil
        }
    }
}

extension TraceEvent {
    /// The event's fields in timeline order (after `t`, `phone`, `event`). Optional values that are
    /// absent (a lost callback's region, a packet time, `atStart` when false) are left out.
    public var fields: [TraceField] {
        switch self {
        case .didFinishLaunching(let locationEvent): [TraceField("locationEvent", .flag(locationEvent))]
        case .didEnterRegion(let region, let first), .appPresenceEntered(let region, let first):
            [TraceField("region", .text(region))] + time("firstPacketAt", first)
        case .didExitRegion(let region, let last), .exitNotDelivered(let region, let last),
            .appPresenceExited(let region, let last):
            [TraceField("region", .text(region))] + time("lastPacketAt", last)
        case .didDetermineState(let region, let state, let reason), .osRegionState(let region, let state, let reason):
            [
                TraceField("region", .text(region)), TraceField("state", .text(state.description)),
                TraceField("reason", .text(reason.rawValue)),
            ]
        case .didRangeBeacons(let region, let beacons):
            [TraceField("region", .text(region)), TraceField("beacons", .beacons(beacons))]
        case .monitorEvent(let event):
            [TraceField("region", .text(event.identifier)), TraceField("state", .text(event.state.rawValue))]
                + (event.refinement.map { [TraceField("refinement", .text(Self.identityText($0)))] } ?? [])
                + (event.diagnostics.isEmpty
                    ? [] : [TraceField("diagnostics", .text(event.diagnostics.map(\.rawValue).joined(separator: ",")))])
                + time("firstPacketAt", event.firstPacket) + time("lastPacketAt", event.lastPacket)
        case .conditionUnmonitored(let region): [TraceField("region", .text(region))]
        case .backgroundTimeExpiring, .controlCenterBluetoothRestored: []
        case .didChangeAuthorization(let status): [TraceField("status", .text(status.rawValue))]
        case .timerFired(let timer, let scheduledFor):
            [TraceField("timer", .text(String(timer))), TraceField("scheduledFor", .time(scheduledFor))]
        case .monitoringDidFail(let region, let reason), .monitoringRejected(let region, let reason):
            [TraceField("region", .text(region)), TraceField("reason", .text(reason.description))]
        case .notificationPosted(let title, let body): [TraceField("title", .text(title)), TraceField("body", .text(body))]
        case .appStateChanged(let from, let to, let reason):
            [
                TraceField("from", .text(from.rawValue)), TraceField("to", .text(to.rawValue)),
                TraceField("reason", .text(reason.rawValue)),
            ]
        case .callbackLost(let callback, let region, let reason):
            [TraceField("callback", .text(callback.rawValue))] + (region.map { [TraceField("region", .text($0))] } ?? [])
                + [TraceField("reason", .text(reason.description))]
        case .zoneEntered(let zone, let atStart):
            [TraceField("zone", .text(zone))] + (atStart ? [TraceField("atStart", .flag(true))] : [])
        case .zoneExited(let zone): [TraceField("zone", .text(zone))]
        case .beaconPowerChanged(let beacon, _), .addressRotated(let beacon): [TraceField("beacon", .text(beacon))]
        case .regionBeaconsOff(let region), .regionBeaconsOn(let region): [TraceField("region", .text(region))]
        case .dozeChanged(let idle): [TraceField("idle", .flag(idle))]
        case .userAction(let action, let value):
            [TraceField("action", .text(value.map { "\(action.rawValue)=\($0)" } ?? action.rawValue))]
        case .notificationSuppressed(let title, let body, let reason):
            [TraceField("title", .text(title)), TraceField("body", .text(body)), TraceField("reason", .text(reason.rawValue))]
        case .foregroundServiceStarted(let trigger): [TraceField("trigger", .text(trigger.rawValue))]
        case .foregroundServiceRefused(let trigger, let reason):
            [TraceField("trigger", .text(trigger.rawValue)), TraceField("reason", .text(reason.rawValue))]
        case .scanTimeout(let outcome): [TraceField("outcome", .text(outcome.rawValue))]
        case .osDelayDrawn(let region, let delay):
            [
                TraceField("region", .text(region)), TraceField("kind", .text(delay.kind.rawValue)),
                TraceField("delay", .time(SimTime(nanoseconds: delay.duration.nanoseconds))),
                TraceField("distribution", .text(delay.distribution)),
            ] + (delay.endsAt.map { [TraceField(delay.kind == .scanJobDelay ? "jobStart" : "scanStart", .time($0))] } ?? [])
                + (delay.quietSince.map { [TraceField("lastScanEnd", .time($0))] } ?? [])
        }
    }

    /// The text of field `name`, nil when the event has no such field (or it is a time or list).
    public func fieldText(_ name: String) -> String? { fields.first { $0.name == name }?.text }

    /// A beacon identity as `UUID:major:minor`.
    static func identityText(_ identity: IBeaconIdentity) -> String {
        "\(identity.uuid.description):\(identity.major):\(identity.minor)"
    }

    private func time(_ name: String, _ value: SimTime?) -> [TraceField] {
        value.map { [TraceField(name, .time($0))] } ?? []
    }
}
