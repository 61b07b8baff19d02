// SPDX-License-Identifier: GPL-3.0-or-later

/// The fuzz targets: each feeds arbitrary bytes to one reader of untrusted input and checks the
/// properties that must hold whatever the bytes (no trap, errors located, counts consistent). A
/// broken property stops the process with `FuzzTarget.fail`, which libFuzzer reports as a crash.
///
/// `Fuzz/Runner` wraps them for libFuzzer (`make fuzz`); `FuzzRegressionTests` replays the seed
/// corpora and every saved finding (`Tests/FuzzFindings/<target>/`) through the same functions.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `ScenarioLoader.parse` on the bytes as text, with a permissive and a strict catalogue.
    case scenario
    /// `CaptureReader` on `btsnoop\0` followed by the bytes (the rest of the header and records).
    case btsnoop
    /// `CaptureReader` on one of the four pcap magics (chosen by the first byte) and the rest.
    case pcap
    /// `CaptureReader` on a pcapng Section Header Block type followed by the bytes.
    case pcapng
    /// `HCIEvent` decoding (strict and salvaging), the H4 reassembler in any chunking, the
    /// extended-report assembler and the beacon-frame parsers, on the bytes as HCI events.
    case hciEvent = "hci-event"
    /// `SimulationMarker` decoding and its bound by the file's last timestamp, alone and through
    /// the btsnoop reader (`MarkerFuzzing`).
    case marker
    /// A check or sweep folder's `manifest.json` through `ShardFiles`, the merge's read model (`ManifestFuzzing`).
    case manifest
    /// Shard folders' manifests and `replications.jsonl` through `ShardFiles`, then the claims over
    /// every record read (`MergeFuzzing`).
    case merge
    /// `ReportWriter.page` on a run folder whose names are the bytes (`ReportFuzzing`).
    case report

    /// Runs the target on `bytes`.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .scenario: ScenarioFuzzing.run(bytes)
        case .btsnoop: CaptureFuzzing.run(Array("btsnoop".utf8) + [0] + bytes)
        case .pcap:
            let magics: [[UInt8]] = [
                [0xA1, 0xB2, 0xC3, 0xD4], [0xD4, 0xC3, 0xB2, 0xA1], [0xA1, 0xB2, 0x3C, 0x4D], [0x4D, 0x3C, 0xB2, 0xA1],
            ]
            CaptureFuzzing.run(magics[Int(bytes.first ?? 0) % 4] + bytes.dropFirst())
        case .pcapng: CaptureFuzzing.run([0x0A, 0x0D, 0x0D, 0x0A] + bytes)
        case .hciEvent: EventFuzzing.run(bytes)
        case .marker: MarkerFuzzing.run(bytes)
        case .manifest: ManifestFuzzing.run(bytes)
        case .merge: MergeFuzzing.run(bytes)
        case .report: ReportFuzzing.run(bytes)
        }
    }

    /// Runs the target's checks on a whole real file (a scenario, or a capture with its magic),
    /// as the seed corpora hold them before `scripts/fuzz.sh` strips what `run` adds back.
    public func run(file bytes: [UInt8]) {
        switch self {
        case .scenario: ScenarioFuzzing.run(bytes)
        case .btsnoop, .pcap, .pcapng: CaptureFuzzing.run(bytes)
        case .hciEvent: EventFuzzing.run([1] + bytes)
        case .marker, .manifest, .merge, .report: run(bytes)
        }
    }

    /// Stops the process: a property every input must have does not hold.
    static func fail(_ message: String) -> Never { fatalError("fuzz property violated: \(message)") }
}
