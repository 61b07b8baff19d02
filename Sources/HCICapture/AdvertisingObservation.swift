// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising

/// One received advertisement, whatever the capture: an HCI LE Advertising Report or an air PDU.
public struct AdvertisingObservation: Hashable, Sendable {
    /// Nanoseconds since the Unix epoch.
    public let timestamp: Int64
    /// The advertiser's address (print with `description`: most significant byte first).
    public let address: BluetoothAddress
    /// HCI: 0 public, 1 random, 2 / 3 identity, 0xFF anonymous. Air: TxAdd (0 public, 1 random).
    public let addressType: UInt8
    /// HCI: the report's event type (extended: masked to bits 0–6). Air: the 4-bit PDU type.
    public let eventType: UInt16
    /// The legacy PDU type, when known (always for air PDUs with types 0–7).
    public let pduType: AdvertisingPDUType?
    /// Received signal strength, dBm; nil when unavailable (127 in HCI, or no valid pseudo-header field).
    public let rssi: Int8?
    /// The advertising channel index (37, 38, 39, or a data channel 0–36 seen on the advertising access
    /// address), when the capture records it; nil for HCI reports.
    public let channel: UInt8?
    /// The advertising data; empty for ADV_DIRECT_IND and directed reports.
    public let advertisingData: AdvertisingData
    /// Beacon frames decoded from `advertisingData`; empty when `crcValid == false`.
    public let beaconFrames: [BeaconFrame]
    public let sourceKind: ObservationSourceKind
    /// Air PDUs: whether the CRC-24 matched (computed here, never trusted from the capture tool).
    /// Nil for HCI reports (controllers drop bad-CRC packets).
    public let crcValid: Bool?
    /// Which HCI subevent carried the report; nil for air PDUs.
    public let reportKind: LEAdvertisingReport.Kind?

    public init(
        timestamp: Int64, address: BluetoothAddress, addressType: UInt8, eventType: UInt16,
        pduType: AdvertisingPDUType?, rssi: Int8?, channel: UInt8?, advertisingData: AdvertisingData,
        sourceKind: ObservationSourceKind, crcValid: Bool?, reportKind: LEAdvertisingReport.Kind?
    ) {
        self.timestamp = timestamp
        self.address = address
        self.addressType = addressType
        self.eventType = eventType
        self.pduType = pduType
        self.rssi = rssi
        self.channel = channel
        self.advertisingData = advertisingData
        self.beaconFrames = crcValid == false ? [] : advertisingData.beaconFrames
        self.sourceKind = sourceKind
        self.crcValid = crcValid
        self.reportKind = reportKind
    }

    /// An observation of an HCI report received at `timestamp`.
    public init(report: LEAdvertisingReport, timestamp: Int64) {
        self.init(
            timestamp: timestamp, address: report.address, addressType: report.addressType,
            eventType: report.eventType, pduType: report.legacyPDUType, rssi: report.rssi, channel: nil,
            advertisingData: report.advertisingData, sourceKind: .hciReport, crcValid: nil, reportKind: report.kind)
    }
}
