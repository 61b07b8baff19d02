// SPDX-License-Identifier: GPL-3.0-or-later

/// Which way an HCI packet travelled.
public enum HCIDirection: Sendable, Hashable {
    /// Commands and outgoing data: btsnoop flag bit 0 = 0, linktype-201 direction 0.
    case hostToController
    /// Events and incoming data: btsnoop flag bit 0 = 1, linktype-201 direction 1 (formats.md §2.1).
    case controllerToHost
}
