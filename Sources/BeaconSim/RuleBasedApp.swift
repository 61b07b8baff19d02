// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import ScenarioFormat
internal import SimulationCore

/// The app a scenario describes: it creates its location manager at launch (or only when the
/// user opens it, for `createsManagerAtLaunch: false`), ranges its regions when asked to, and
/// follows the scenario's simple rules; its background-task expiration handler ends the task.
///
/// An `api: clMonitor` app, at every launch, takes its `CLServiceSession` (unless `none`) and
/// re-opens its monitor by name (or only when the user opens it, for `opensMonitorAtLaunch: false`),
/// then adds each condition that `record(for:)` does not find — the usual pattern; its rules see
/// `satisfied`/`unsatisfied` transitions as `enter`/`exit` and any such event as `inside`/`outside`.
final class RuleBasedApp: PhoneApp {
    private let spec: AppSpec
    private let regions: [RegionDefinition]
    /// The state of each condition as the app last saw it in an event (`clMonitor` apps).
    private var seenStates: [String: ConditionState] = [:]

    init(spec: AppSpec, regions: [RegionDefinition]) {
        self.spec = spec
        self.regions = regions
    }

    func handle(_ callback: AppCallback, at now: SimTime) -> [AppRequest] {
        switch callback {
        case .didFinishLaunching(let locationEvent):
            var requests: [AppRequest] = []
            if spec.api == .clMonitor {
                if spec.serviceSession != .none {
                    requests.append(.holdServiceSession(ServiceSessionRequirement(spec.serviceSession)))
                }
                if spec.opensMonitorAtLaunch || !locationEvent {
                    requests.append(.openMonitor)
                    requests += regions.map { .addCondition($0, assuming: .unknown, onlyIfAbsent: true) }
                }
            }
            if spec.createsManagerAtLaunch || !locationEvent {
                requests.append(.createLocationManager)
                if spec.ranging { requests += regions.map { .startRanging(identifier: $0.identifier) } }
            }
            return requests + rules(for: .launch, region: nil)
        case .didEnterRegion(let region): return rules(for: .enter, region: region.identifier)
        case .didExitRegion(let region): return rules(for: .exit, region: region.identifier)
        case .didDetermineState(let region, let state):
            switch state {
            case .inside: return rules(for: .inside, region: region.identifier)
            case .outside: return rules(for: .outside, region: region.identifier)
            case .unknown: return []
            }
        // The expiration handler ends the task, as Apple's own examples do (an app whose task is
        // still open when its background time runs out is killed).
        case .backgroundTimeExpiring: return [.endBackgroundTask]
        case .monitorEvent(let event): return monitorRules(event)
        case .didRangeBeacons, .monitoringDidFail, .didChangeAuthorization, .timerFired: return []
        }
    }

    /// A CLMonitor event: a change of the state the app last saw is `enter`/`exit`, and every
    /// satisfied/unsatisfied event is `inside`/`outside`; one with diagnostics says "cannot tell".
    private func monitorRules(_ event: MonitorEvent) -> [AppRequest] {
        let previous = seenStates[event.identifier]
        seenStates[event.identifier] = event.state
        guard event.diagnostics.isEmpty else { return [] }
        switch event.state {
        case .satisfied:
            return (previous != .satisfied ? rules(for: .enter, region: event.identifier) : [])
                + rules(for: .inside, region: event.identifier)
        case .unsatisfied:
            return (previous == .satisfied ? rules(for: .exit, region: event.identifier) : [])
                + rules(for: .outside, region: event.identifier)
        case .unknown, .unmonitored: return []
        }
    }

    private func rules(for trigger: RuleTrigger, region: String?) -> [AppRequest] {
        spec.rules.filter { $0.trigger == trigger && ($0.region == nil || $0.region == region) }.flatMap { rule -> [AppRequest] in
            let targets = rule.region.map { [$0] } ?? region.map { [$0] } ?? regions.map(\.identifier)
            switch rule.action {
            case .notify: return [.postNotification(title: region ?? "app", body: rule.text ?? "")]
            case .startRanging: return targets.map { .startRanging(identifier: $0) }
            case .stopRanging: return targets.map { .stopRanging(identifier: $0) }
            case .requestState: return targets.map { .requestState(identifier: $0) }
            case .beginBackgroundTask: return [.beginBackgroundTask]
            case .endBackgroundTask: return [.endBackgroundTask]
            }
        }
    }
}
