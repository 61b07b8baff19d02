// SPDX-License-Identifier: GPL-3.0-or-later

/// The authorisation requirement of a `CLServiceSession` (iOS 18 `CLServiceSession.h`, H).
public enum ServiceSessionRequirement: String, Sendable, Hashable, CaseIterable {
    case none, whenInUse, always
}
