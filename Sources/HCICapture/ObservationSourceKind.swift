// SPDX-License-Identifier: GPL-3.0-or-later

/// Where an `AdvertisingObservation` came from.
public enum ObservationSourceKind: String, Sendable, Hashable {
    /// An LE Advertising Report from an HCI controller (btsnoop, linktypes 187, 201, 254).
    case hciReport
    /// A link-layer PDU captured over the air by a sniffer (linktypes 251, 256, 272).
    case airPDU
}
