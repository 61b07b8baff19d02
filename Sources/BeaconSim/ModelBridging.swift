// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
public import RadioPropagation
public import ScenarioFormat
internal import SimulationCore

// Conversions from the scenario's plain data to the models' own types.

extension PlanPoint {
    init(_ point: Point2D) { self.init(x: point.x, y: point.y) }
}

extension BodyLossModel {
    init(_ carry: CarryPosition) {
        switch carry {
        case .hand: self = .hand
        case .pocket: self = .pocket
        case .bag: self = .bag
        }
    }

    /// The carry position's body-loss model with the scenario's `radio.bodyLoss*` overrides.
    public init(carry: CarryPosition, overrides radio: RadioSpec) {
        self.init(carry)
        if let front = radio.bodyLossFront { self.front = front }
        if let behind = radio.bodyLossBehind { self.behind = behind }
        if let transition = radio.bodyLossTransition { self.transition = transition }
    }
}

extension AppState {
    init(_ state: InitialAppState) {
        switch state {
        case .foreground: self = .foreground
        case .background: self = .background
        case .suspended: self = .suspended
        case .notRunning: self = .notRunning
        }
    }
}

extension LocationAuthorization {
    init(_ permission: LocationPermission) {
        switch permission {
        case .always: self = .always
        case .whenInUse: self = .whenInUse
        case .denied: self = .denied
        }
    }
}

extension ServiceSessionRequirement {
    init(_ goal: ServiceSessionGoal) {
        switch goal {
        case .none: self = .none
        case .whenInUse: self = .whenInUse
        case .always: self = .always
        }
    }
}

extension ConditionState {
    init(_ assumed: AssumedConditionState?) {
        switch assumed {
        case .satisfied: self = .satisfied
        case .unsatisfied: self = .unsatisfied
        case nil: self = .unknown
        }
    }
}

extension ProfileValue {
    /// nil for text that is not a number (a profile parameter is a number, a duration or a flag).
    init?(_ value: ParameterValue) {
        switch value {
        case .number(let number): self = .number(number)
        case .duration(let nanoseconds): self = .duration(.nanoseconds(nanoseconds))
        case .flag(let flag): self = .flag(flag)
        case .text(let text):
            guard let number = Double(text), number.isFinite else { return nil }
            self = .number(number)
        }
    }
}
