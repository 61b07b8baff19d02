// SPDX-License-Identifier: GPL-3.0-or-later

/// Built-in wall materials and their loss per crossing at 2.4 GHz, normal incidence (rf.md §4).
///
/// Where sources give a range, the value is the one rf.md §2 recommends; a scenario may declare
/// its own materials or redefine these under `venue.materials`.
public enum Material: String, CaseIterable, Sendable {
    /// 3 dB: Ekahau ("typically reduces signal by 3 dB"), CWNA; COST 231 light wall 3.4 (H/M).
    case drywall
    /// 3 dB: plain office window (Cisco-style table, M).
    case glass
    /// 4 dB: solid wood door (melbwireless 2003, M).
    case woodDoor
    /// 7 dB: COST 231 heavy wall 6.9, TGax enterprise 7 (H); community values span 3–12.
    case brick
    /// 12 dB: planner value for concrete walls (iotclass.org, M; range 10–15).
    case concrete
    /// 20 dB: metal sheet / metal wall, planners' figure (iotclass.org, M; range 20–30).
    case metal
    /// 30 dB: elevator shaft treated as opaque (engineering practice, L: "≥ 30 dB").
    case elevatorShaft

    /// Loss per crossing in dB.
    public var lossDB: Double {
        switch self {
        case .drywall: 3
        case .glass: 3
        case .woodDoor: 4
        case .brick: 7
        case .concrete: 12
        case .metal: 20
        case .elevatorShaft: 30
        }
    }
}
