// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import ScenarioFormat
internal import SimulationCore

extension ResolvedScenario {
    /// Which beacon formats reach a phone's monitor, and its CoreBluetooth scan if the app has
    /// one (`api: coreBluetooth`); diagnostics for `layouts` on a phone without the Android Beacon
    /// Library and for a CoreBluetooth app on one that is not iOS.
    static func formats(
        _ spec: PhoneSpec, profile: OSProfile, at location: SourceLocation, scenario: Scenario,
        problems: inout [Diagnostic]
    ) -> (visibility: FrameVisibility, coreBluetooth: CoreBluetoothPresence.Settings?) {
        var visibility = FrameVisibility.coreLocation
        let usesLayouts = profile.monitoring.scanCycles != nil
        if let layouts = spec.app.layouts {
            if usesLayouts {
                visibility = FrameVisibility(layouts)
            } else {
                problems.append(
                    Diagnostic(
                        at: location,
                        "phone '\(spec.name)': 'app.layouts' are Android Beacon Library beacon parsers; profile "
                            + "'\(profile.name)' monitors with CoreLocation, which sees iBeacon only"))
            }
        } else if usesLayouts {
            visibility = FrameVisibility(BeaconLayout.implied)
        }
        guard spec.app.api == .coreBluetooth else { return (visibility, nil) }
        let scan = spec.app.coreBluetooth ?? CoreBluetoothScanSpec()
        guard profile.platform == .iOS else {
            problems.append(
                Diagnostic(
                    at: location,
                    "phone '\(spec.name)': 'api: coreBluetooth' models an iOS app's CoreBluetooth scan; profile "
                        + "'\(profile.name)' is not iOS (an Android app sees other formats through 'layouts')"))
            return (visibility, nil)
        }
        let settings = CoreBluetoothPresence.Settings(
            backgroundMode: scan.backgroundMode, allowDuplicates: scan.allowDuplicates,
            exitAfter: .nanoseconds(scan.exitAfter), backgroundInterval: profile.coreBluetoothBackgroundInterval)
        return ([], settings)  // its regions are the app's own, none registered with CoreLocation
    }

    /// An Eddystone-UID region, or nil (with a diagnostic) when the phone's app cannot see Eddystone.
    static func eddystoneRegion(
        _ region: RegionSpec, namespace: String, visibility: FrameVisibility, coreBluetooth: Bool, scenario: Scenario,
        problems: inout [Diagnostic]
    ) -> RegionDefinition? {
        let location = place(region.location, in: scenario)
        guard visibility.contains(.eddystoneUID) || coreBluetooth else {
            problems.append(
                Diagnostic(
                    at: location,
                    "region '\(region.name)': an Eddystone namespace region needs an app that sees Eddystone: an "
                        + "Android Beacon Library app with 'layouts: [..., eddystone-uid]', or an iOS app with "
                        + "'api: coreBluetooth' (CoreLocation sees iBeacon only)"))
            return nil
        }
        guard let uid = EddystoneUID(namespaceHex: namespace, instanceHex: region.instance ?? "000000000000") else {
            problems.append(Diagnostic(at: location, "region '\(region.name)': namespace or instance does not parse"))
            return nil
        }
        var definition = RegionDefinition(
            identifier: region.name, uuid: BeaconUUID(high: 0, low: 0), notifyOnEntry: region.notifyOnEntry,
            notifyOnExit: region.notifyOnExit, notifyEntryStateOnDisplay: region.notifyEntryStateOnDisplay)
        definition.eddystone = EddystoneRegionIdentity(uid: uid, matchesInstance: region.instance != nil)
        return definition
    }
}

extension FrameVisibility {
    /// The formats an Android Beacon Library app's layouts parse.
    init(_ layouts: [BeaconLayout]) {
        self = []
        for layout in layouts {
            switch layout {
            case .altbeacon: insert(.altBeacon)
            case .ibeacon: insert(.ibeacon)
            case .eddystoneUID: insert(.eddystoneUID)
            }
        }
    }
}
