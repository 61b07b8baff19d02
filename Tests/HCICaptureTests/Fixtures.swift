// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The real captures in `Fixtures/` (see `Fixtures/README.md`) and their ground truth.
enum Fixture: String, CaseIterable {
    case horizon = "horizon74-btsnoop-h4-legacy-ibeacon.log"
    case boston = "boston-hackrf-pcapng-le-ll-phdr.pcapng"
    case pact = "pact-iphone11-nordic-ble.pcapng"
    case crackle = "crackle-ubertooth-le-ll-phdr.pcapng"

    static var folder: URL { Bundle.module.resourceURL!.appendingPathComponent("Fixtures") }

    var path: String { Self.folder.appendingPathComponent(rawValue).path }

    var bytes: [UInt8] { [UInt8](try! Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The parsed `FILE.json`.
    var groundTruth: [String: Any] {
        let data = try! Data(contentsOf: Self.folder.appendingPathComponent(rawValue + ".json"))
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }
}

/// A fresh path in a temporary folder that does not exist yet.
func temporaryPath(_ name: String) -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hcicapture-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
}

/// Removes the folder `temporaryPath` made for `path`.
func removeTemporary(_ path: String) {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
}
