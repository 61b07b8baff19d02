// SPDX-License-Identifier: GPL-3.0-or-later

/// A receiving device's radio: what it reports, what it can hear, and how often it reports a
/// beacon it hears. The three are separate because real phones differ in each separately
/// (rf.md §7.3: reported offsets span ≈ 20 dB; the UJI survey's phones: one reads 18–20 dB
/// higher than the others yet hears only ≈ 3 dB farther, and reports a beacon next to it in only
/// about half of its 1 s windows).
///
/// Scales: the link budget (`PropagationModel`) gives the mean power on the *reference-phone
/// scale* — the scale of the beacons' measured power at 1 m (rf.md §7.2). The device then
///
///     reports       round(RSSI_true + reportingOffset + N(0, σ_noise))
///     receives      with probability 1 − PER(RSSI_true − (sensitivity − (−95 dBm)))
///     passes on     a received beacon only in a share `scanCeiling` of its 1 s scan slots
///     takes         at most `packetsPerSlot` independent packets of a beacon per slot
///     starts up     delivering nothing for `startupDeadTime` seconds after each scan (re)start
///
/// so `sensitivity` stays on the reference scale whatever the device reports.
public struct DeviceProfile: Hashable, Sendable {
    /// dB added to every RSSI the device reports (the OS's RSSI scale against the reference phone's).
    public var reportingOffset: Double
    /// Reference-scale power at which half the packets are lost, dBm (rf.md §2, §7.1: −95, range −90 … −100).
    public var sensitivity: Double
    /// Share of scan slots (`scanSlotNanoseconds`) in which the device reports a beacon it
    /// receives at all, 0 < c ≤ 1. Slots are drawn per device: a slot either works for every
    /// beacon or for none (the UJI A5 survey: windows near several beacons hold all or none of
    /// them far more often than independent draws would give).
    public var scanCeiling: Double
    /// Independent packets of one beacon the device's scan takes in a 1 s slot, at most (≥ 1;
    /// infinity: every packet the channel gives, a continuous scan). A duty-cycled scan that opens
    /// one short window per slot catches about one advertising event: its detection then follows
    /// the single-packet success and falls over the whole fading range (≈ 8 dB in the UJI A5
    /// survey), not over the ≈ 2 dB of a scan that hears seven independent packets.
    public var packetsPerSlot: Double
    /// Seconds after a scan (re)starts during which the device delivers nothing (≥ 0; 0: none, the
    /// default of every built-in device, so no existing run changes). Source: the UJI survey
    /// (Mendoza-Silva et al. 2018, `../shared/data/rf-surveys/uji-geo`): the first ≈ 1 s window of
    /// each visit holds a reading in 5.8 % of beacon-windows against 36.9 % in the later ones, and
    /// its few readings all arrive within 43 ms of the second window's first: the phone's scan
    /// delivers its first results about a window after it starts. No public measurement of the
    /// delay itself was found (grade L for any default); `beaconsim fit` estimates it per device
    /// from the windows that open a survey session (`sample` 1) instead of folding it into the
    /// scan ceiling.
    public var startupDeadTime: Double

    public init(
        reportingOffset: Double = 0, sensitivity: Double = -95, scanCeiling: Double = 1,
        packetsPerSlot: Double = .infinity, startupDeadTime: Double = 0
    ) {
        self.reportingOffset = reportingOffset
        self.sensitivity = sensitivity
        self.scanCeiling = scanCeiling
        self.packetsPerSlot = packetsPerSlot
        self.startupDeadTime = startupDeadTime
    }

    /// The reference phone: reports what the link budget says, −95 dBm threshold (rf.md §2, §7.1),
    /// every slot.
    public static let reference = DeviceProfile()

    /// Length of a scan slot for the ceiling, ns: 1 s, the window of the surveys (one reading per
    /// beacon per ≈ 1 s) and of iOS ranging (rf.md §1: "CLBeacon.rssi = mean over ~1 s").
    public static let scanSlotNanoseconds: Int64 = 1_000_000_000

    /// Probability that a window of `window` seconds reports the beacon at least once, when the
    /// radio alone would receive at least one of its packets in one slot with probability
    /// `slotProbability` (window shorter than a slot) — slots are independent, and in each the
    /// device's gate (c, `scanCeiling`) and the beacon's (r, its report share) open independently:
    /// P = 1 − (1 − c·r·P_slot)^(window / slot), with P_slot the radio's probability over
    /// min(window, slot).
    public func windowProbability(radio slotProbability: Double, window: Double, reportShare: Double = 1) -> Double {
        let slot = Double(Self.scanSlotNanoseconds) / 1e9
        let slots = max(1, window / slot)
        return 1 - _pow(max(0, 1 - scanCeiling * reportShare * slotProbability), slots)
    }
}
