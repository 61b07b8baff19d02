// SPDX-License-Identifier: GPL-3.0-or-later
import HCICapture
import Testing

@Suite("Simulation marker")
struct SimulationMarkerTests {
    let marker = SimulationMarker(origin: 1_767_225_600_000_000_000, duration: 720_000_000_000, seed: 0xFEED_0000_0003)

    @Test("a vendor-specific event: code 0xFF, \"BeaconSim\", version 1, duration and seed little-endian")
    func bytes() {
        let packet = marker.packet.packet
        #expect(packet.type == .event)
        #expect(packet.isWellFormed)
        #expect(Array(packet.bytes.prefix(12)) == [0xFF, 26] + Array("BeaconSim".utf8) + [1])
        #expect(Array(packet.bytes[12..<20]) == [0x00, 0x20, 0x58, 0xA3, 0xA7, 0x00, 0x00, 0x00])  // 720 s = 0xA7_A358_2000 ns
    }

    @Test("read back from btsnoop and pcapng (µs timestamps), and other vendor events are not markers", arguments: [false, true])
    func readBack(pcapng: Bool) throws {
        let packets = [marker.packet]
        let bytes = pcapng ? PcapngWriter.encode(packets) : BtsnoopWriter.encode(packets)
        let reader = try CaptureReader(bytes: bytes)
        while try reader.nextObservation() != nil {}
        #expect(reader.simulationMarker == marker)
        let other = HCIPacket(type: .event, bytes: [0xFF, 3, 0x42, 0x01, 0x02])
        #expect(SimulationMarker(event: try HCIEvent(packet: other), timestamp: 0) == nil)
    }
}
