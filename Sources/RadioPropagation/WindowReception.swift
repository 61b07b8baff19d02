// SPDX-License-Identifier: GPL-3.0-or-later

/// What a receiving device reports of one beacon in one collection window, analytically: the
/// probability that the window holds a reading and the mean and spread of that reading (rf.md §1,
/// §6, §8; `DeviceProfile`). Used by `beaconsim predict` and `fit`.
///
/// For a window of w seconds from a beacon advertising every T (three PDUs per event) and a link of
/// mean power m (reference scale):
///
///     n_eff   = min(3·w/T, 3·max(1, w/T_c), k·min(1, w / 1 s)),  T_c = 0.423 / f_env   independent
///               packets (fades per channel decorrelate over the coherence time of a static phone,
///               rf.md §6; k the device's `packetsPerSlot`)
///     P_radio = 1 − (1 − p(m + S − Δs))^n_eff                      p: the fade-averaged packet success
///     P_detect = E_S[1 − (1 − c·r·P_radio)^(w / 1 s)]  (one slot when w ≤ 1 s: c·r·P_radio)
///     reading  = m + S + f + O_rep + noise, f the fade of a received packet,
///
/// with S ~ N(0, σ) the point's shadowing (16 quantiles), Δs the device's sensitivity minus the
/// curve's, c its scan ceiling and r the beacon's report share (the share of slots in which its
/// packets make it into the report at all, drawn independently of the device's).
///
/// A window that opens with a scan start (`startsScan`; in a survey, a session's first window)
/// listens only after the device's start-up dead time d (`DeviceProfile.startupDeadTime`): it is
/// predicted as a window of its live length w' = w − d (none when d ≥ w) whose packets are not
/// rounded up to one: n' = min(3·w'/T, 3·max(1, w'/T_c), k·min(1, w'/1 s)) and, below one packet,
/// P_radio = n'·p (the chance that the one packet falls in the live part), so the window's
/// detection falls continuously to 0 as d approaches w.
///
/// The mean reading is averaged over S weighted by the probability
/// of a reading: of one window (`windows` 1, what `predict` reports), or of at least one in a link's
/// k windows when a link's mean reading is predicted (`fit`); near the threshold only the packets
/// with favourable fades get through, so the mean reading lies above m + O_rep. Collisions are not
/// included.
public struct WindowReception: Sendable {
    public let reception: ReceptionModel

    public init(configuration: RadioConfiguration) {
        reception = ReceptionModel(configuration: configuration)
    }

    public init(reception: ReceptionModel) { self.reception = reception }

    public struct Prediction: Sendable, Equatable {
        /// Probability that the window holds at least one reading.
        public var detection: Double
        /// Mean reported RSSI of a window that holds one, dBm (nil when the window never does).
        public var meanRSSI: Double?
        /// Standard deviation of single readings (shadowing across points, fading, noise), dB.
        public var sampleSD: Double?
        /// Standard deviation over the shadowing of the detection probability: how much it varies
        /// from point to point at this mean power.
        public var detectionSpread: Double
    }

    /// Independent packets the channel gives a continuous scan in a window: min(3·w/T, 3·max(1, w/T_c)).
    public func independentPackets(windowSeconds: Double, intervalSeconds: Double) -> Double {
        let packets = 3 * windowSeconds / max(intervalSeconds, 1e-3)
        let doppler = reception.configuration.environmentalDopplerHz
        return min(packets, doppler > 0 ? 3 * max(1, windowSeconds * doppler / 0.423) : 3)
    }

    /// The prediction for a link of mean power `dBm` (reference scale, heading-averaged body loss
    /// included), received by `device` in windows of `windowSeconds` from a beacon advertising every
    /// `intervalSeconds`, whose report share is `reportShare`.
    public func predict(
        dBm: Double, lineOfSight: Bool, device: DeviceProfile, windowSeconds: Double, intervalSeconds: Double,
        reportShare: Double = 1, windows: Int = 1, startsScan: Bool = false
    ) -> Prediction {
        let configuration = reception.configuration
        let shift = device.sensitivity - configuration.sensitivity
        let slot = Double(DeviceProfile.scanSlotNanoseconds) / 1e9
        let startup = startsScan && device.startupDeadTime > 0
        let windowSeconds = startup ? max(0, windowSeconds - device.startupDeadTime) : windowSeconds
        guard windowSeconds > 0 else { return Prediction(detection: 0, meanRSSI: nil, sampleSD: nil, detectionSpread: 0) }
        // The device's limit may leave a window shorter than a slot less than one packet: the
        // chance that its one packet of the slot falls in this window (a smooth continuation).
        // A start-up window's live part is not rounded up to a packet (`count` below one: P_radio = count·p).
        let channel = independentPackets(windowSeconds: windowSeconds, intervalSeconds: intervalSeconds)
        let count = min(startup ? channel : max(1, channel), device.packetsPerSlot * min(1, windowSeconds / slot))
        let noise = configuration.measurementNoiseEnabled ? configuration.measurementNoiseSigma : 0
        var detection = 0.0, detectionSquares = 0.0, weights = 0.0, first = 0.0, second = 0.0
        let nodes = reception.shadowingNodes
        for shadow in nodes {
            let moments = reception.packetMoments(dBm: dBm + shadow - shift, lineOfSight: lineOfSight)
            let radio =
                startup && count < 1 ? count * moments.success : 1 - _pow(max(0, 1 - moments.success), count)
            let window = device.windowProbability(radio: radio, window: windowSeconds, reportShare: reportShare)
            detection += window
            detectionSquares += window * window
            guard moments.success > 1e-12, radio > 0 else { continue }
            let fade = moments.first / moments.success
            let fadeVariance = max(0, moments.second / moments.success - fade * fade)
            let level = dBm + shadow + fade
            let weight = windows <= 1 ? radio : 1 - _pow(max(0, 1 - window), Double(windows))
            weights += weight
            first += weight * level
            second += weight * (fadeVariance + level * level)
        }
        detection /= Double(nodes.count)
        let spread = max(0, detectionSquares / Double(nodes.count) - detection * detection).squareRoot()
        guard weights > 1e-12 else {
            return Prediction(detection: detection, meanRSSI: nil, sampleSD: nil, detectionSpread: spread)
        }
        let mean = first / weights
        let variance = max(0, second / weights - mean * mean) + noise * noise
        return Prediction(
            detection: detection, meanRSSI: mean + device.reportingOffset, sampleSD: variance.squareRoot(),
            detectionSpread: spread)
    }
}
