// SPDX-License-Identifier: GPL-3.0-or-later
import HCICapture
import HCILive

/// A deterministic in-memory controller: answers each command with a Command Complete carrying
/// `status(opcode)` (or nothing, when `silent` holds the opcode), and hands out `pending` events.
final class FakeController: HCITransport {
    var sent: [HCICommand] = []
    var pending: [HCIPacket] = []
    var silent: Set<UInt16> = []
    var status: (UInt16) -> HCIStatus = { _ in .success }
    /// Return parameters after the status, per opcode.
    var returns: [UInt16: [UInt8]] = [:]
    var closed = false

    func send(_ packet: HCIPacket) throws {
        let opcode = UInt16(packet.bytes[0]) | UInt16(packet.bytes[1]) << 8
        sent.append(HCICommand(opcode: opcode, parameters: Array(packet.bytes.dropFirst(3))))
        if !silent.contains(opcode) {
            pending.append(
                HCIEvent.commandCompletePacket(opcode: opcode, status: status(opcode), returnParameters: returns[opcode] ?? []))
        }
    }

    func receive(timeout: Duration) throws -> [HCIPacket] {
        defer { pending.removeAll() }
        return pending
    }

    func close() { closed = true }
}
