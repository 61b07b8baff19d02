// SPDX-License-Identifier: GPL-3.0-or-later

/// The 4-bit PDU type of a primary-channel advertising PDU (Core spec Vol 6 Part B §2.3; formats.md §5).
public enum AdvertisingPDUType: UInt8, Sendable, CaseIterable {
    case advInd = 0
    case advDirectInd = 1
    case advNonconnInd = 2
    case scanReq = 3
    case scanRsp = 4
    case connectInd = 5
    case advScanInd = 6
    case advExtInd = 7

    /// The Core-spec name, e.g. `ADV_NONCONN_IND`.
    public var name: String {
        switch self {
        case .advInd: "ADV_IND"
        case .advDirectInd: "ADV_DIRECT_IND"
        case .advNonconnInd: "ADV_NONCONN_IND"
        case .scanReq: "SCAN_REQ"
        case .scanRsp: "SCAN_RSP"
        case .connectInd: "CONNECT_IND"
        case .advScanInd: "ADV_SCAN_IND"
        case .advExtInd: "ADV_EXT_IND"
        }
    }

    /// True for PDUs an advertiser sends with its address first (AdvA): everything except the
    /// scanner/initiator PDUs SCAN_REQ and CONNECT_IND. ADV_EXT_IND carries AdvA only optionally.
    public var isSentByAdvertiser: Bool { self != .scanReq && self != .connectInd }
}
