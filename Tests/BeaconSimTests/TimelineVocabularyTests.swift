// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import BeaconSim
import PhoneModel
import ScenarioFormat
import Testing

/// The events and fields claims may filter on (`TimelineVocabulary`, in ScenarioFormat) are
/// exactly those the simulator's trace records have.
@Suite("Timeline vocabulary")
struct TimelineVocabularyTests {
    /// One event of every kind, in `TraceEvent` order (both power changes).
    static let samples: [TraceEvent] = [
        .didFinishLaunching(locationEvent: true), .didEnterRegion(region: "r", firstPacket: nil),
        .didExitRegion(region: "r", lastPacket: nil), .didDetermineState(region: "r", state: .inside, reason: .screenOn),
        .didRangeBeacons(region: "r", beacons: []), .monitoringDidFail(region: "r", reason: .regionLimit(20)),
        .backgroundTimeExpiring,
        .didChangeAuthorization(status: .always), .timerFired(timer: 1, scheduledFor: .zero),
        .monitorEvent(
            MonitorEvent(
                identifier: "r", state: .satisfied,
                refinement: IBeaconIdentity(uuid: BeaconUUID(high: 1, low: 2), major: 1, minor: 2),
                diagnostics: [.accuracyLimited])),
        .notificationPosted(title: "t", body: "b"),
        .osRegionState(region: "r", state: .outside, reason: .transition),
        .appStateChanged(from: .suspended, to: .background, reason: .regionEvent),
        .callbackLost(callback: .didEnterRegion, region: "r", reason: .permissionDenied),
        .monitoringRejected(region: "r", reason: .bluetoothOffInControlCenter),
        .exitNotDelivered(region: "r", lastPacket: nil), .conditionUnmonitored(region: "r"), .controlCenterBluetoothRestored,
        .appPresenceEntered(region: "r", firstPacket: nil), .appPresenceExited(region: "r", lastPacket: nil),
        .zoneEntered(zone: "z", atStart: true), .zoneExited(zone: "z"), .beaconPowerChanged(beacon: "b", on: true),
        .beaconPowerChanged(beacon: "b", on: false), .addressRotated(beacon: "b"), .regionBeaconsOff(region: "r"),
        .regionBeaconsOn(region: "r"), .userAction(action: .screenOn, value: nil), .dozeChanged(idle: true),
        .notificationSuppressed(title: "t", body: "b", reason: .turnedOff), .foregroundServiceStarted(trigger: .foreground),
        .foregroundServiceRefused(trigger: .boot, reason: .beforeBootCompleted), .scanTimeout(outcome: .opportunistic),
        .osDelayDrawn(region: "r", delay: OSDelay(kind: .backgroundExitDelay, duration: .seconds(2), distribution: "d")),
    ]

    @Test("every event name and its filterable fields, in order")
    func namesAndFields() throws {
        #expect(Self.samples.map(\.name) == TimelineVocabulary.events.map(\.name))
        for event in Self.samples {
            let vocabulary = try #require(TimelineVocabulary.event(event.name))
            let filterable = event.fields.filter { $0.text != nil }.map(\.name)
            #expect(filterable == vocabulary.fields.map(\.name), "\(event.name)")
            for field in event.fields where field.text != nil {
                let declared = try #require(vocabulary.field(field.name))
                if case .flag = field.value { #expect(declared.isBoolean, "\(event.name).\(field.name)") }
            }
        }
    }

    @Test("fixed value sets are the models' cases; world events are the ones without a phone")
    func values() {
        let states: [RegionState] = [.unknown, .inside, .outside]
        #expect(TimelineVocabulary.regionStates == states.map(\.description))
        let appStates: [AppState] = [.notRunning, .foreground, .background, .suspended]
        #expect(TimelineVocabulary.appStates == appStates.map(\.rawValue))
        #expect(TimelineVocabulary.regionStateReasons == RegionStateReason.allCases.map(\.rawValue))
        #expect(TimelineVocabulary.appStateChangeReasons == AppStateChangeReason.allCases.map(\.rawValue))
        #expect(TimelineVocabulary.callbacks == AppCallback.Kind.allCases.map(\.rawValue))
        #expect(TimelineVocabulary.conditionStates == ConditionState.allCases.map(\.rawValue))
        let authorizations: [LocationAuthorization] = [.always, .whenInUse, .denied]
        #expect(TimelineVocabulary.authorizations == authorizations.map(\.rawValue))
        #expect(TimelineVocabulary.foregroundServiceTriggers == ForegroundService.Trigger.allCases.map(\.rawValue))
        #expect(TimelineVocabulary.scanTimeoutOutcomes == ScanTimeoutOutcome.allCases.map(\.rawValue))
        #expect(TimelineVocabulary.osDelayKinds == OSDelay.Kind.allCases.map(\.rawValue))
        #expect(TimelineVocabulary.events.filter(\.isWorld).map(\.name) == ["beaconPowerOn", "beaconPowerOff", "addressRotated"])
    }
}
