// SPDX-License-Identifier: GPL-3.0-or-later

/// The phone's operating system family.
public enum Platform: String, Hashable, Sendable {
    case iOS = "ios", android
}
