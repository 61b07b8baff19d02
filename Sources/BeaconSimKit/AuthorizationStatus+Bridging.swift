// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import ScenarioFormat

extension AuthorizationStatus {
    /// The status for a scenario's `permission:`.
    init(_ permission: LocationPermission) {
        switch permission {
        case .always: self = .authorizedAlways
        case .whenInUse: self = .authorizedWhenInUse
        case .denied: self = .denied
        }
    }

    /// The status for the phone model's authorisation (after a `permission` action).
    init(_ authorization: LocationAuthorization) {
        switch authorization {
        case .always: self = .authorizedAlways
        case .whenInUse: self = .authorizedWhenInUse
        case .denied: self = .denied
        }
    }
}
