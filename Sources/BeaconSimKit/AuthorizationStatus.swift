// SPDX-License-Identifier: GPL-3.0-or-later

/// `CLAuthorizationStatus`. In a simulation the user's answer is scenario data (`permission:`):
/// `always` → `.authorizedAlways`, `whenInUse` → `.authorizedWhenInUse`, `denied` → `.denied`.
public enum AuthorizationStatus: Int, Sendable, Hashable {
    case notDetermined = 0, restricted = 1, denied = 2, authorizedAlways = 3, authorizedWhenInUse = 4
}
