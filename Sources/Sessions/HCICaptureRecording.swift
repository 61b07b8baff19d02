// SPDX-License-Identifier: GPL-3.0-or-later
internal import Reporting
internal import BeaconSim

/// A capture file being written during a run (see `HCICaptureRequest`).
public final class HCICaptureRecording {
    public let request: HCICaptureRequest
    let recorder: PhoneHCIRecorder
    private let finishFile: () throws -> Void

    init(request: HCICaptureRequest, recorder: PhoneHCIRecorder, finishFile: @escaping () throws -> Void) {
        self.request = request
        self.recorder = recorder
        self.finishFile = finishFile
    }

    /// LE advertising reports written (packets the phone received).
    public var reportCount: Int { recorder.reportCount }

    /// Completes the file and moves it into place; rethrows a write error met during the run.
    public func finish() throws {
        try recorder.finish()
        try finishFile()
    }

    /// Manifest entries: file, format, phone, reports, commands.
    var manifestFields: [(String, String)] {
        [
            ("capture", JSONText.string(request.path)),
            ("captureFormat", JSONText.string(request.isPcapng ? "pcapng" : "btsnoop")),
            ("capturePhone", request.phone.map(JSONText.string) ?? "null"),
            ("captureReports", String(recorder.reportCount)), ("captureCommands", String(recorder.commandCount)),
        ]
    }
}
