// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import HCICapture
import Testing

@testable import HCILive

/// A `tcp-server` listens on loopback unless told otherwise, and a client flooding events cannot
/// make the host hold more than a fixed number of them (issue 15: 202 MiB in 4 s).
@Suite("transport safety")
struct FloodTests {
    /// A controller that answers nothing promptly: every receive returns `burst` advertising report
    /// events, and the Command Complete only after `delay` receives.
    final class Flooder: HCITransport {
        let burst: Int
        var receives = 0
        var answer: HCIPacket?
        let delay: Int
        init(burst: Int, delay: Int) {
            self.burst = burst
            self.delay = delay
        }
        static let report = HCIPacket(
            type: .event,
            bytes: [0x3E, 12, 0x02, 1, 3, 0, 1, 2, 3, 4, 5, 6, 0, 0xC4])

        func send(_ packet: HCIPacket) throws {
            let opcode = UInt16(packet.bytes[0]) | UInt16(packet.bytes[1]) << 8
            answer = HCIEvent.commandCompletePacket(opcode: opcode, status: .success)
        }

        func receive(timeout: Duration) throws -> [HCIPacket] {
            receives += 1
            var packets = Array(repeating: Self.report, count: burst)
            if receives == delay, let answer { packets.append(answer) }
            return packets
        }

        func close() {}
    }

    @Test("events flooding in while a command waits are capped and counted")
    func floodDuringCommand() throws {
        let flooder = Flooder(burst: 1_000, delay: 20)
        let host = HCIHost(transport: flooder)
        try host.execute(.reset())
        #expect(host.droppedEvents == 20 * 1_000 - HCIHost.maximumQueuedEvents)
        var held = 0
        while try host.nextEvent(timeout: .zero) != nil, held <= HCIHost.maximumQueuedEvents { held += 1 }
        #expect(held >= HCIHost.maximumQueuedEvents && held < HCIHost.maximumQueuedEvents + 2_000)
    }

    @Test("tcp-server with no host listens on loopback; `_` or 0.0.0.0 on every interface")
    func loopbackByDefault() throws {
        #expect(try HCITransportName(parsing: "tcp-server::9000") == .tcpServer(host: "127.0.0.1", port: 9000))
        #expect(try HCITransportName(parsing: "tcp-server:_:9000") == .tcpServer(host: "0.0.0.0", port: 9000))
        #expect(try HCITransportName(parsing: "tcp-server:0.0.0.0:9000") == .tcpServer(host: "0.0.0.0", port: 9000))
        #expect(try HCITransportName(parsing: "tcp-client::9000") == .tcpClient(host: "127.0.0.1", port: 9000))
    }

    @Test("the listening socket of tcp-server::PORT is bound to 127.0.0.1")
    func boundToLoopback() throws {
        let port = UInt16.random(in: 20_000...60_000)
        let name = try HCITransportName(parsing: "tcp-server::\(port)")
        // The server waits (up to 3 s) for a client that never comes; meanwhile its socket is read.
        DispatchQueue.global().async { _ = try? name.open(timeout: .seconds(3)) }
        var listening: [String] = []
        for _ in 0..<50 where listening.isEmpty {
            Thread.sleep(forTimeInterval: 0.05)
            let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
            let hexPort = String(format: ":%04X", port)
            // Columns: sl local_address rem_address st …; state 0A is LISTEN.
            listening = table.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
                .filter { $0.count > 3 && $0[1].hasSuffix(hexPort) && $0[3] == "0A" }.map { $0[1] }
        }
        #expect(listening == ["0100007F" + String(format: ":%04X", port)])
    }
}
