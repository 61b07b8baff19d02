// SPDX-License-Identifier: GPL-3.0-or-later

/// An HCI status / error code (Core spec v5.4 Vol 1 Part F §1.3, "List of error codes").
public struct HCIStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let success = HCIStatus(rawValue: 0x00)
    public static let unknownCommand = HCIStatus(rawValue: 0x01)
    public static let commandDisallowed = HCIStatus(rawValue: 0x0C)
    public static let invalidParameters = HCIStatus(rawValue: 0x12)

    /// The Core-spec name, e.g. "Command Disallowed"; "Reserved" for unassigned codes.
    public var name: String {
        Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : "Reserved"
    }

    /// `0x0C Command Disallowed`.
    public var description: String { _HexText.byte(rawValue) + " " + name }

    /// Names of codes 0x00–0x48, indexed by code.
    static let names: [String] = [
        "Success", "Unknown HCI Command", "Unknown Connection Identifier", "Hardware Failure",
        "Page Timeout", "Authentication Failure", "PIN or Key Missing", "Memory Capacity Exceeded",
        "Connection Timeout", "Connection Limit Exceeded", "Synchronous Connection Limit to a Device Exceeded",
        "Connection Already Exists", "Command Disallowed", "Connection Rejected due to Limited Resources",
        "Connection Rejected due to Security Reasons", "Connection Rejected due to Unacceptable BD_ADDR",
        "Connection Accept Timeout Exceeded", "Unsupported Feature or Parameter Value",
        "Invalid HCI Command Parameters", "Remote User Terminated Connection",
        "Remote Device Terminated Connection due to Low Resources",
        "Remote Device Terminated Connection due to Power Off", "Connection Terminated by Local Host",
        "Repeated Attempts", "Pairing Not Allowed", "Unknown LMP PDU",
        "Unsupported Remote Feature / Unsupported LMP Feature", "SCO Offset Rejected", "SCO Interval Rejected",
        "SCO Air Mode Rejected", "Invalid LMP Parameters / Invalid LL Parameters", "Unspecified Error",
        "Unsupported LMP Parameter Value / Unsupported LL Parameter Value", "Role Change Not Allowed",
        "LMP Response Timeout / LL Response Timeout",
        "LMP Error Transaction Collision / LL Procedure Collision", "LMP PDU Not Allowed",
        "Encryption Mode Not Acceptable", "Link Key cannot be Changed", "Requested QoS Not Supported",
        "Instant Passed", "Pairing With Unit Key Not Supported", "Different Transaction Collision", "Reserved",
        "QoS Unacceptable Parameter", "QoS Rejected", "Channel Classification Not Supported",
        "Insufficient Security", "Parameter Out Of Mandatory Range", "Reserved", "Role Switch Pending",
        "Reserved", "Reserved Slot Violation", "Role Switch Failed", "Extended Inquiry Response Too Large",
        "Secure Simple Pairing Not Supported by Host", "Host Busy - Pairing",
        "Connection Rejected due to No Suitable Channel Found", "Controller Busy",
        "Unacceptable Connection Parameters", "Advertising Timeout",
        "Connection Terminated due to MIC Failure", "Connection Failed to be Established / Synchronization Timeout",
        "Previously Used", "Coarse Clock Adjustment Rejected but Will Try to Adjust Using Clock Dragging",
        "Type0 Submap Not Defined", "Unknown Advertising Identifier", "Limit Reached",
        "Operation Cancelled by Host", "Packet Too Long", "Too Late", "Too Early", "Insufficient Channels",
    ]
}
