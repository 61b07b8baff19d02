// SPDX-License-Identifier: GPL-3.0-or-later

/// The per-packet encodings BeaconSim reads, keyed by the number the file stores: a btsnoop datalink
/// (1001, 1002, 2001) or a pcap / pcapng link type (187, 201, 251, 254, 256, 272). formats.md §1–2.
public enum CaptureLinkType: UInt32, Sendable, CaseIterable {
    /// btsnoop 1001: unframed HCI, the packet type comes from the record flags.
    case btsnoopH1 = 1001
    /// btsnoop 1002: H4 / UART, the first payload byte is the H4 packet type.
    case btsnoopH4 = 1002
    /// btsnoop 2001: Linux monitor, opcode in the record flags, raw HCI payload.
    case btsnoopMonitor = 2001
    /// LINKTYPE_BLUETOOTH_HCI_H4: H4 indicator + HCI packet, no direction.
    case hciH4 = 187
    /// LINKTYPE_BLUETOOTH_HCI_H4_WITH_PHDR: 4-byte big-endian direction + H4 indicator + HCI packet.
    case hciH4WithPhdr = 201
    /// LINKTYPE_BLUETOOTH_LE_LL: access address + PDU + CRC.
    case leLL = 251
    /// LINKTYPE_BLUETOOTH_LINUX_MONITOR: adapter (2, BE) + opcode (2, BE) + raw HCI.
    case linuxMonitor = 254
    /// LINKTYPE_BLUETOOTH_LE_LL_WITH_PHDR: 10-byte little-endian pseudo-header + LL packet.
    case leLLWithPhdr = 256
    /// LINKTYPE_NORDIC_BLE: nRF Sniffer UART message (protocol v1–v3).
    case nordicBLE = 272

    /// True for over-the-air link-layer captures (251, 256, 272); false for HCI captures.
    public var isAir: Bool { self == .leLL || self == .leLLWithPhdr || self == .nordicBLE }

    /// The conventional name, e.g. `LINKTYPE_BLUETOOTH_LE_LL_WITH_PHDR` or `btsnoop HCI H4`.
    public var name: String {
        switch self {
        case .btsnoopH1: "btsnoop HCI H1 (unframed)"
        case .btsnoopH4: "btsnoop HCI H4 (UART)"
        case .btsnoopMonitor: "btsnoop Linux monitor"
        case .hciH4: "LINKTYPE_BLUETOOTH_HCI_H4"
        case .hciH4WithPhdr: "LINKTYPE_BLUETOOTH_HCI_H4_WITH_PHDR"
        case .leLL: "LINKTYPE_BLUETOOTH_LE_LL"
        case .linuxMonitor: "LINKTYPE_BLUETOOTH_LINUX_MONITOR"
        case .leLLWithPhdr: "LINKTYPE_BLUETOOTH_LE_LL_WITH_PHDR"
        case .nordicBLE: "LINKTYPE_NORDIC_BLE"
        }
    }
}
