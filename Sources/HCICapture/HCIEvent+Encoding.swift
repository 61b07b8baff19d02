// SPDX-License-Identifier: GPL-3.0-or-later

extension HCIEvent {
    /// A Command Complete event packet for `opcode` whose only return parameter is `status`:
    /// `0E 04 <credits> <opcode LE> <status>` (Core spec Vol 4 Part E §7.7.14).
    /// `returnParameters` follow the status.
    public static func commandCompletePacket(
        opcode: UInt16, status: HCIStatus = .success, numberOfPackets: UInt8 = 1, returnParameters: [UInt8] = []
    ) -> HCIPacket {
        var parameters: [UInt8] = [numberOfPackets]
        parameters.appendLE16(opcode)
        parameters.append(status.rawValue)
        parameters += returnParameters
        return HCIPacket(type: .event, bytes: [commandCompleteCode, UInt8(parameters.count)] + parameters)
    }
}
