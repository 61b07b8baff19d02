// SPDX-License-Identifier: GPL-3.0-or-later

/// The built-in OS profiles by name.
public enum ProfileCatalogue {
    /// Every built-in profile, in listing order.
    public static let all: [OSProfile] = [
        .iOS, .iOS17, .iOS18, .iOS26, .iOS12, .iOS70, .androidABL, .androidABL8, .androidABL8ForegroundService,
        .androidLowLatency,
        .androidBalanced, .androidLowPower, .android14ABL, .android14ABLForegroundService,
        .android14ABLIntent, .nearby,
    ]

    /// The profile named `name`, if built in.
    public static func profile(named name: String) -> OSProfile? { all.first { $0.name == name } }
}
