// SPDX-License-Identifier: GPL-3.0-or-later

/// The container formats BeaconSim reads and writes (formats.md §1–2).
public enum CaptureFormat: String, Sendable, CaseIterable {
    case btsnoop, pcap, pcapng
}
