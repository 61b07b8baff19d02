// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import ScenarioFormat
internal import SimulationCore

/// The app a scenario describes: it creates its location manager at launch (or only when the
/// user opens it, for `createsManagerAtLaunch: false`), ranges its regions when asked to, and
/// follows the scenario's simple rules; its background-task expiration handler ends the task.
final class RuleBasedApp: PhoneApp {
    private let spec: AppSpec
    private let regions: [RegionDefinition]

    init(spec: AppSpec, regions: [RegionDefinition]) {
        self.spec = spec
        self.regions = regions
    }

    func handle(_ callback: AppCallback, at now: SimTime) -> [AppRequest] {
        switch callback {
        case .didFinishLaunching(let locationEvent):
            var requests: [AppRequest] = []
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
        case .didRangeBeacons, .monitoringDidFail, .didChangeAuthorization, .timerFired: return []
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
