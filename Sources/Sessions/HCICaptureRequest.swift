// SPDX-License-Identifier: GPL-3.0-or-later
internal import Reporting
public import BeaconSim
internal import HCICapture

/// `run --capture FILE [--phone NAME]`: which phone's HCI traffic to write, where, and how.
public struct HCICaptureRequest: Sendable {
    /// The file to write; its extension chooses the format: `.pcapng` (link type 201), otherwise
    /// btsnoop (datalink 1002, the Android `btsnoop_hci.log` layout).
    public var path: String
    /// The phone (nil: the scenario's first).
    public var phone: String?
    /// Replace an existing file.
    public var overwrite: Bool

    public init(path: String, phone: String? = nil, overwrite: Bool = false) {
        self.path = path
        self.phone = phone
        self.overwrite = overwrite
    }

    /// True when `path` ends in `.pcapng` (any case).
    public var isPcapng: Bool { path.lowercased().hasSuffix(".pcapng") }

    /// Opens the file and attaches a recorder to the phone. Throws `CaptureError` when the file
    /// cannot be created and `ScenarioError` for an unknown phone.
    public func attach(to world: World) throws -> HCICaptureRecording {
        let write: (TimestampedHCIPacket) throws -> Void
        let finish: () throws -> Void
        if isPcapng {
            let writer = try PcapngWriter(path: path, overwrite: overwrite)
            (write, finish) = (writer.write, writer.finish)
        } else {
            let writer = try BtsnoopWriter(path: path, overwrite: overwrite)
            (write, finish) = (writer.write, writer.finish)
        }
        let recorder = PhoneHCIRecorder(write: write)
        try world.attach(recorder, toPhone: phone)
        return HCICaptureRecording(request: self, recorder: recorder, finishFile: finish)
    }
}
