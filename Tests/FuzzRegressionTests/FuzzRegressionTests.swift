// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import FuzzHarness
import HCICapture
import Testing

/// Every fuzz finding saved under `Tests/FuzzFindings/<target>/` and every seed of the corpora
/// (the repository's scenarios and captures, the captures' HCI events) goes through the fuzz
/// targets' checks, so a fixed crash stays fixed and the properties hold on real inputs.
@Suite("fuzz findings and seeds")
struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Files under `relative` (recursively) whose names end with one of `suffixes` (all when empty).
    static func files(_ relative: String, _ suffixes: [String] = []) -> [URL] {
        let folder = root.appendingPathComponent(relative)
        let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return found.filter { url in
            !url.hasDirectoryPath && !url.lastPathComponent.hasPrefix(".")
                && (suffixes.isEmpty || suffixes.contains { url.lastPathComponent.hasSuffix($0) })
        }.sorted { $0.path < $1.path }
    }

    static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    @Test("saved findings replay without a crash", arguments: FuzzTarget.allCases)
    func findings(target: FuzzTarget) throws {
        for file in Self.files("Tests/FuzzFindings/\(target.rawValue)") { target.run(try Self.bytes(file)) }
    }

    @Test("every scenario and example in the repository is a scenario seed")
    func scenarioSeeds() throws {
        let seeds =
            Self.files("Scenarios", [".yaml", ".json"]) + Self.files("Tests/ScenarioFormatTests/Examples")
            + Self.files("Tests/EndToEndTests/Fixtures", [".yaml"])
        #expect(seeds.count > 20)
        for file in seeds { FuzzTarget.scenario.run(file: try Self.bytes(file)) }
    }

    @Test("the capture fixtures, their prefixes and their HCI events are capture and event seeds")
    func captureSeeds() throws {
        let captures = Self.files("Tests/HCICaptureTests/Fixtures", [".log", ".pcapng", ".pcap"])
        #expect(captures.count >= 4)
        var events = 0
        for file in captures {
            let bytes = try Self.bytes(file)
            for length in stride(from: 0, through: min(bytes.count, 4_096), by: 97) {
                FuzzTarget.pcapng.run(file: Array(bytes.prefix(length)))
            }
            FuzzTarget.pcapng.run(file: bytes)
            let reader = try CaptureReader(bytes: bytes)
            while let packet = try reader.nextHCIPacket() {
                guard packet.packet.type == .event else { continue }
                FuzzTarget.hciEvent.run(file: packet.packet.bytes)
                FuzzTarget.hciEvent.run([3] + packet.packet.h4Bytes + packet.packet.h4Bytes)
                events += 1
            }
        }
        #expect(events > 100)
    }
}
