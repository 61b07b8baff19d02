// SPDX-License-Identifier: GPL-3.0-or-later

/// A BLE system-on-chip's supply current in the two states an advertising beacon lives in:
/// transmitting (by output power) and asleep between advertising events with its real-time clock
/// running. Datasheet typical values at 3 V, 25 °C, DC/DC regulator on, unless a figure says
/// otherwise; each figure names its source in `sources`.
///
/// Current at an output power between two tabulated settings is interpolated linearly in dBm, and
/// held at the nearest tabulated setting outside the table (a modelling choice: datasheets give a
/// few settings only; below the lowest the current is then over-estimated, never under).
public struct BeaconChip: Sendable, Equatable {
    /// One tabulated output-power setting.
    public struct TXPoint: Sendable, Equatable {
        /// Output power setting, dBm.
        public var dBm: Double
        /// Radio transmit current at that setting, mA.
        public var milliamps: Double

        public init(dBm: Double, milliamps: Double) {
            self.dBm = dBm
            self.milliamps = milliamps
        }
    }

    /// Catalogue name as scenarios write it (`chip: nrf52832`).
    public var name: String
    /// Radio TX current by output power, ascending dBm; at least one point.
    public var transmit: [TXPoint]
    /// Sleep between events (System ON / standby with the RTC running), µA.
    public var sleepMicroamps: Double
    /// Radio start-up before each PDU, at TX current, µs (`AdvertisingEventCharge.rampMicroseconds`).
    public var rampMicroseconds: Double
    /// Where each figure comes from (document, section or table), and where sources disagree.
    public var sources: String

    public init(name: String, transmit: [TXPoint], sleepMicroamps: Double, rampMicroseconds: Double, sources: String) {
        self.name = name
        self.transmit = transmit.sorted { $0.dBm < $1.dBm }
        self.sleepMicroamps = sleepMicroamps
        self.rampMicroseconds = rampMicroseconds
        self.sources = sources
    }

    /// TX current at `dBm`, mA: linear in dBm between tabulated settings, held beyond them.
    public func transmitMilliamps(at dBm: Double) -> Double {
        guard let first = transmit.first, let last = transmit.last else { return 0 }
        if dBm <= first.dBm { return first.milliamps }
        if dBm >= last.dBm { return last.milliamps }
        for (low, high) in zip(transmit, transmit.dropFirst()) where dBm <= high.dBm {
            let fraction = (dBm - low.dBm) / (high.dBm - low.dBm)
            return low.milliamps + fraction * (high.milliamps - low.milliamps)
        }
        return last.milliamps
    }
}
