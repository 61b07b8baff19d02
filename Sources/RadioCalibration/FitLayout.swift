// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// Which numbers the fit estimates and where each sits in the parameter vector θ:
/// the 1 m level offset, the path-loss exponent, the exponent beyond the breakpoint (only when a
/// tenth of the links lie beyond it; both as logarithms), the beacons' height (a logarithm), one loss per crossed wall material, and per device its
/// reporting offset (unless anchored), sensitivity, scan ceiling (as a logit, so 0 < c < 1) and
/// packets per slot (as log(k − 1), so k > 1),
/// and the beacons' report shares (logarithms) as `ReportSharePlan` lays them out: one per fitted
/// beacon, one for the pool; the reference beacon and kept ones stay at 1; last, per device with
/// enough windows that open a session (`StartupPlan`), its scan start-up dead time d, held as the
/// logit of d / w (w the length of those windows, so 0 < d < w: beyond w the window is simply
/// empty and d is not identified).
///
/// Anchoring: the 1 m level and the devices' reporting offsets are confounded (only their sum
/// reaches a reading). Devices with a built-in profile keep its offset, and the level is
/// estimated against them; with none, the first device (by name) is fixed at 0 dB and the level
/// carries its offset.
struct FitLayout {
    let materials: [String]
    let devices: [String]
    let fitsFarExponent: Bool
    /// Whether the beacons' height is estimated (every row gives z and the scenario sets none).
    let fitsBeaconHeight: Bool
    /// Device → fixed reporting offset, dB.
    let anchors: [String: Double]
    /// θ index of each device's offset (nil when anchored), sensitivity and ceiling logit.
    let offsetIndex: [String: Int]
    let sensitivityIndex: [String: Int]
    let ceilingIndex: [String: Int]
    /// θ index of each device's packets per slot, held as log(k − 1) (so k > 1).
    let packetsIndex: [String: Int]
    let shares: ReportSharePlan
    /// θ index of each beacon's report-share logit (pooled beacons share one).
    let shareIndex: [Int: Int]
    /// Device → length of its start-up windows, s, for the devices whose start-up is fitted.
    let startupWindow: [String: Double]
    /// θ index of each such device's start-up logit.
    let startupIndex: [String: Int]
    let count: Int

    static let level = 0
    static let exponent = 1
    var farExponent: Int? { fitsFarExponent ? 2 : nil }
    var beaconHeight: Int? { fitsBeaconHeight ? (fitsFarExponent ? 3 : 2) : nil }
    var firstMaterial: Int { 2 + (fitsFarExponent ? 1 : 0) + (fitsBeaconHeight ? 1 : 0) }

    init(
        materials: [String], devices: [String], fitsFarExponent: Bool, fitsBeaconHeight: Bool,
        shares: ReportSharePlan = ReportSharePlan(), startupWindow: [String: Double] = [:]
    ) {
        self.materials = materials
        self.devices = devices
        self.fitsFarExponent = fitsFarExponent
        self.fitsBeaconHeight = fitsBeaconHeight
        var anchors: [String: Double] = [:]
        for device in devices { if let known = DeviceCatalogue.profiles[device] { anchors[device] = known.reportingOffset } }
        if anchors.isEmpty, let first = devices.first { anchors[first] = 0 }
        self.anchors = anchors
        var next = 2 + (fitsFarExponent ? 1 : 0) + (fitsBeaconHeight ? 1 : 0) + materials.count
        var offsets: [String: Int] = [:], sensitivities: [String: Int] = [:], ceilings: [String: Int] = [:]
        var packets: [String: Int] = [:]
        for device in devices {
            if anchors[device] == nil {
                offsets[device] = next
                next += 1
            }
            sensitivities[device] = next
            ceilings[device] = next + 1
            packets[device] = next + 2
            next += 3
        }
        packetsIndex = packets
        offsetIndex = offsets
        sensitivityIndex = sensitivities
        ceilingIndex = ceilings
        self.shares = shares
        var shareIndex: [Int: Int] = [:]
        for beacon in shares.fitted {
            shareIndex[beacon] = next
            next += 1
        }
        if !shares.pooled.isEmpty {
            for beacon in shares.pooled { shareIndex[beacon] = next }
            next += 1
        }
        self.shareIndex = shareIndex
        self.startupWindow = startupWindow
        var startupIndex: [String: Int] = [:]
        for device in devices where startupWindow[device] != nil {
            startupIndex[device] = next
            next += 1
        }
        self.startupIndex = startupIndex
        count = next
    }

    /// This layout with `reference` as the report shares' reference beacon.
    func with(reference: Int) -> FitLayout {
        FitLayout(
            materials: materials, devices: devices, fitsFarExponent: fitsFarExponent, fitsBeaconHeight: fitsBeaconHeight,
            shares: shares.with(reference: reference), startupWindow: startupWindow)
    }

    func materialIndex(_ position: Int) -> Int { firstMaterial + position }

    /// The device's profile at θ.
    func device(_ name: String, _ theta: [Double]) -> DeviceProfile {
        DeviceProfile(
            reportingOffset: offsetIndex[name].map { theta[$0] } ?? anchors[name] ?? 0,
            sensitivity: sensitivityIndex[name].map { theta[$0] } ?? -95,
            scanCeiling: ceilingIndex[name].map { Self.ceiling(theta[$0]) } ?? 1,
            packetsPerSlot: packetsIndex[name].map { 1 + _exp(theta[$0]) } ?? .infinity,
            startupDeadTime: startupDeadTime(name, theta))
    }

    /// The device's start-up dead time at θ, s: w / (1 + e^−u); 0 when not fitted.
    func startupDeadTime(_ name: String, _ theta: [Double]) -> Double {
        guard let index = startupIndex[name], let window = startupWindow[name] else { return 0 }
        return window / (1 + _exp(-theta[index]))
    }

    /// Whether the device's start-up is fitted, so its session-opening windows have residuals of their own.
    func fitsStartup(_ name: String) -> Bool { startupIndex[name] != nil }

    /// The beacons' height at θ, metres (θ holds its logarithm, so that it stays positive and
    /// keeps a gradient); nil when not estimated.
    func beaconHeightValue(_ theta: [Double]) -> Double? { beaconHeight.map { _exp(theta[$0]) } }

    /// Beacon `index`'s report share at θ (1 when not estimated).
    /// Held as log r, unbounded above during the solve (the product c·r is what reaches the data);
    /// `RadioFitter` then moves the reference to the largest share, so every share ends ≤ 1.
    func reportShare(_ index: Int, _ theta: [Double]) -> Double { shareIndex[index].map { _exp(theta[$0]) } ?? 1 }

    /// The largest estimated share above 1, and its beacon (nil when all are ≤ 1, to 0.1 %).
    func shareAboveReference(_ theta: [Double]) -> Int? {
        let candidates = shares.fitted.map { ($0, reportShare($0, theta)) }.filter { $0.1 > 1.001 }
        return candidates.max { $0.1 < $1.1 }?.0
    }

    /// θ of this layout as θ of `other` (the same numbers; `other` has `reference` as its
    /// reference beacon): shares divided by the new reference's, ceilings multiplied by it.
    func transfer(_ theta: [Double], to other: FitLayout, reference: Int) -> [Double] {
        var result = theta
        let scale = reportShare(reference, theta)
        for device in devices {
            if let index = ceilingIndex[device] { result[index] = Self.logit(min(0.9999, Self.ceiling(theta[index]) * scale)) }
        }
        for (beacon, index) in other.shareIndex { result[index] = _log(reportShare(beacon, theta) / scale) }
        return result
    }

    /// Whether θ index `index` holds a logarithm: the exponents, the beacons' height and the
    /// report shares, which must stay positive and keep a gradient (a clamp at a bound would leave
    /// the solver stuck).
    func isLog(_ index: Int) -> Bool {
        index == Self.exponent || index == farExponent || index == beaconHeight || shareIndex.values.contains(index)
    }

    /// Whether θ index `index` is a logit (a ceiling or a share), reported as the share itself.
    func isLogit(_ index: Int) -> Bool { ceilingIndex.values.contains(index) }

    /// c = 1 / (1 + e^−u), kept below 0.9999 so that the logit stays finite.
    static func ceiling(_ logit: Double) -> Double { min(0.9999, 1 / (1 + _exp(-logit))) }
    static func logit(_ ceiling: Double) -> Double {
        let c = min(0.9999, max(0.01, ceiling))
        return _log(c / (1 - c))
    }

    /// Parameter names, in θ order, for fit.json (`beacons`: the scenario's beacon names).
    func names(beacons: [String]) -> [String] {
        var names = Array(repeating: "", count: count)
        names[Self.level] = "measuredPowerOffset"
        names[Self.exponent] = "pathLossExponent"
        if let far = farExponent { names[far] = "farPathLossExponent" }
        if let height = beaconHeight { names[height] = "beaconHeight" }
        for (position, material) in materials.enumerated() { names[materialIndex(position)] = "materials.\(material)" }
        for device in devices {
            if let index = offsetIndex[device] { names[index] = "devices.\(device).reportingOffset" }
            if let index = sensitivityIndex[device] { names[index] = "devices.\(device).sensitivity" }
            if let index = ceilingIndex[device] { names[index] = "devices.\(device).scanCeiling" }
            if let index = packetsIndex[device] { names[index] = "devices.\(device).packetsPerSlot" }
            if let index = startupIndex[device] { names[index] = "devices.\(device).startupDeadTime" }
        }
        for (beacon, index) in shareIndex { names[index] = "reportShares.\(beacons[beacon])" }
        if let first = shares.pooled.first, let index = shareIndex[first] {
            names[index] = "reportShares.(pooled: \(shares.pooled.map { beacons[$0] }.joined(separator: ", ")))"
        }
        return names
    }
}
