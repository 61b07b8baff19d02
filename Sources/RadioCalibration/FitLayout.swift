// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// Which numbers the fit estimates and where each sits in the parameter vector θ:
/// the 1 m level offset, the path-loss exponent, the exponent beyond the breakpoint (only when a
/// tenth of the links lie beyond it), one loss per crossed wall material, and per device its
/// reporting offset (unless anchored), sensitivity and scan ceiling (as a logit, so 0 < c < 1).
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
    let count: Int

    static let level = 0
    static let exponent = 1
    var farExponent: Int? { fitsFarExponent ? 2 : nil }
    var beaconHeight: Int? { fitsBeaconHeight ? (fitsFarExponent ? 3 : 2) : nil }
    var firstMaterial: Int { 2 + (fitsFarExponent ? 1 : 0) + (fitsBeaconHeight ? 1 : 0) }

    init(materials: [String], devices: [String], fitsFarExponent: Bool, fitsBeaconHeight: Bool) {
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
        for device in devices {
            if anchors[device] == nil {
                offsets[device] = next
                next += 1
            }
            sensitivities[device] = next
            ceilings[device] = next + 1
            next += 2
        }
        offsetIndex = offsets
        sensitivityIndex = sensitivities
        ceilingIndex = ceilings
        count = next
    }

    func materialIndex(_ position: Int) -> Int { firstMaterial + position }

    /// The device's profile at θ.
    func device(_ name: String, _ theta: [Double]) -> DeviceProfile {
        DeviceProfile(
            reportingOffset: offsetIndex[name].map { theta[$0] } ?? anchors[name] ?? 0,
            sensitivity: sensitivityIndex[name].map { theta[$0] } ?? -95,
            scanCeiling: ceilingIndex[name].map { Self.ceiling(theta[$0]) } ?? 1)
    }

    /// c = 1 / (1 + e^−u), kept below 0.9999 so that the logit stays finite.
    static func ceiling(_ logit: Double) -> Double { min(0.9999, 1 / (1 + _exp(-logit))) }
    static func logit(_ ceiling: Double) -> Double {
        let c = min(0.9999, max(0.01, ceiling))
        return _log(c / (1 - c))
    }

    /// Parameter names, in θ order, for fit.json.
    var names: [String] {
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
        }
        return names
    }
}
