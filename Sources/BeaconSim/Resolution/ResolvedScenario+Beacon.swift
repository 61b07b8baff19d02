// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import ScenarioFormat

extension ResolvedScenario {
    /// One beacon's frames and their rotation, or nil (with diagnostics) when an identity does not
    /// parse or an Eddystone URL does not encode.
    static func beacon(_ spec: BeaconSpec, scenario: Scenario, problems: inout [Diagnostic]) -> ResolvedBeacon? {
        let before = problems.count
        let location = place(spec.location, in: scenario)
        let measured = Int8(clamping: Int(spec.measuredPower.rounded()))
        var frames: [AdvertisedFrame] = []
        if spec.sendsIBeacon {
            if let uuid = BeaconUUID(string: spec.uuid) {
                let identity = IBeaconIdentity(uuid: uuid, major: spec.major, minor: spec.minor)
                frames.append(.ibeacon(IBeaconFrame(identity: identity, measuredPower: measured)))
            } else {
                problems.append(Diagnostic(at: location, "beacon '\(spec.name)': UUID '\(spec.uuid)' does not parse"))
            }
        }
        if let alt = spec.altBeacon {
            if let id1 = BeaconUUID(string: alt.id1) {
                frames.append(
                    .altBeacon(
                        AltBeaconIdentity(id1: id1, id2: alt.id2, id3: alt.id3), referenceRSSI: measured,
                        manufacturerID: alt.manufacturer))
            } else {
                problems.append(Diagnostic(at: location, "beacon '\(spec.name)': AltBeacon id1 '\(alt.id1)' does not parse"))
            }
        }
        var tlmEvery = 0
        if let eddystone = spec.eddystone {
            // Calibrated at 0 m: the measured power at 1 m + 41 dB (formats.md §6.3).
            let txPower = Int8(clamping: eddystone.txPower ?? Int(spec.measuredPower.rounded()) + 41)
            if let namespace = eddystone.namespace, let instance = eddystone.instance {
                if let uid = EddystoneUID(namespaceHex: namespace, instanceHex: instance) {
                    frames.append(.eddystoneUID(uid, txPower: txPower))
                } else {
                    problems.append(
                        Diagnostic(at: location, "beacon '\(spec.name)': Eddystone namespace or instance does not parse"))
                }
            }
            if let url = eddystone.url {
                if let frame = EddystoneURLFrame(txPower: txPower, url: url) {
                    frames.append(.eddystoneURL(frame))
                } else {
                    problems.append(
                        Diagnostic(
                            at: location,
                            "beacon '\(spec.name)': Eddystone URL '\(url)' does not encode: it must start with http:// or "
                                + "https:// (optionally www.) and fit in 17 bytes after the scheme, with the expansions "
                                + ".com/, .org/ and so on counting one byte each"))
                }
            }
            tlmEvery = eddystone.tlmEvery ?? 0
        }
        guard problems.count == before, let rotation = FrameRotation(frames: frames, tlmEvery: tlmEvery) else {
            if problems.count == before {
                problems.append(Diagnostic(at: location, "beacon '\(spec.name)': no frame to send"))
            }
            return nil
        }
        return ResolvedBeacon(spec: spec, rotation: rotation)
    }
}
