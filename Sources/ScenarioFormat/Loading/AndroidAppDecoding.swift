// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// `app.android:` — the Android app's permissions (`AndroidAppSpec`).
enum _AndroidAppDecoding {
    static func android(_ node: Node, context: _DecodingContext) -> AndroidAppSpec? {
        guard let map = _MappingReader(node, for: "android", table: _SchemaKeys.androidApp, context: context) else {
            return nil
        }
        return AndroidAppSpec(
            bluetoothScan: map.choice("bluetoothScan", as: AndroidBluetoothScan.self),
            fineLocation: map.bool("fineLocation"), backgroundLocation: map.bool("backgroundLocation"),
            notifications: map.bool("notifications"), locationServices: map.bool("locationServices"))
    }
}
