// SPDX-License-Identifier: GPL-3.0-or-later

/// One entry of a scenario's (or an imported fragment's) `devices:` block: a receiving device's
/// radio, overriding the built-in profile of the same name field by field, or defining a new one
/// (fields left out take the generic phone's values). See `DeviceProfile` in RadioPropagation.
public struct DeviceSpec: Sendable, Equatable {
    /// dB added to every RSSI the device reports.
    public var reportingOffset: Double?
    /// Reference-scale power at which half the packets are lost, dBm.
    public var sensitivity: Double?
    /// Share of 1 s scan slots in which the device reports a beacon it receives, (0, 1].
    public var scanCeiling: Double?
    /// Independent packets of one beacon the device's scan takes per 1 s slot, at most (≥ 1).
    public var packetsPerSlot: Double?
    /// Seconds after a scan (re)starts during which the device delivers nothing (≥ 0).
    public var startupDeadTime: Double?

    public init(
        reportingOffset: Double? = nil, sensitivity: Double? = nil, scanCeiling: Double? = nil,
        packetsPerSlot: Double? = nil, startupDeadTime: Double? = nil
    ) {
        self.reportingOffset = reportingOffset
        self.sensitivity = sensitivity
        self.scanCeiling = scanCeiling
        self.packetsPerSlot = packetsPerSlot
        self.startupDeadTime = startupDeadTime
    }

    /// This entry's fields, with `other`'s where this one has none.
    public func filling(from other: DeviceSpec) -> DeviceSpec {
        DeviceSpec(
            reportingOffset: reportingOffset ?? other.reportingOffset, sensitivity: sensitivity ?? other.sensitivity,
            scanCeiling: scanCeiling ?? other.scanCeiling, packetsPerSlot: packetsPerSlot ?? other.packetsPerSlot,
            startupDeadTime: startupDeadTime ?? other.startupDeadTime)
    }
}
