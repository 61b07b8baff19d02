// SPDX-License-Identifier: GPL-3.0-or-later
public import HCICapture

/// The host side of HCI over a transport: sends one command at a time and waits for its Command
/// Complete or Command Status (Core spec Vol 4 Part E §4.4), keeping every other event for
/// `nextEvent`. A reply with a status other than Success throws `HCIError` `.badStatus` naming
/// the command and the status (e.g. "0x0C Command Disallowed"); no reply in time throws `.timeout`.
public final class HCIHost {
    public let transport: any HCITransport
    /// How long a command may wait for its reply.
    public var commandTimeout: Duration
    private var queued: [HCIEvent] = []
    private var queuedIndex = 0
    /// Events that did not decode (counted, skipped).
    public private(set) var malformedEvents = 0
    /// Most events held for `nextEvent` (while a command waits for its reply, or between reads):
    /// a controller (or a client on a TCP transport) flooding events cannot make the host grow
    /// past this; the excess is dropped and counted in `droppedEvents`.
    public static let maximumQueuedEvents = 4_096
    /// Events dropped because the queue was full.
    public private(set) var droppedEvents = 0

    public init(transport: any HCITransport, commandTimeout: Duration = .seconds(5)) {
        self.transport = transport
        self.commandTimeout = commandTimeout
    }

    /// Sends `command` and returns its Command Complete return parameters after the status byte
    /// (empty for a Command Status).
    @discardableResult
    public func execute(_ command: HCICommand) throws -> [UInt8] {
        try transport.send(command.packet)
        let deadline = ContinuousClock.now + commandTimeout
        var arrived: [HCIEvent] = []
        defer { queued += arrived }
        while ContinuousClock.now < deadline {
            for packet in try transport.receive(timeout: deadline - ContinuousClock.now) where packet.type == .event {
                guard let event = decode(packet) else { continue }
                switch event {
                case .commandComplete(_, let opcode, let parameters) where opcode == command.opcode:
                    try check(event.status, command)
                    return Array(parameters.dropFirst())
                case .commandStatus(let status, _, let opcode) where opcode == command.opcode:
                    try check(status, command)
                    return []
                default:
                    if queued.count - queuedIndex + arrived.count < Self.maximumQueuedEvents {
                        arrived.append(event)
                    } else {
                        droppedEvents += 1
                    }
                }
            }
        }
        throw HCIError(
            code: .timeout, message: "\(Self.name(command.opcode)): no Command Complete within \(commandTimeout)")
    }

    /// The next event other than command replies, waiting up to `timeout`; nil if none came.
    public func nextEvent(timeout: Duration) throws -> HCIEvent? {
        if queuedIndex < queued.count { return takeQueued() }
        for packet in try transport.receive(timeout: timeout) where packet.type == .event {
            guard let event = decode(packet) else { continue }
            if queued.count - queuedIndex < Self.maximumQueuedEvents { queued.append(event) } else { droppedEvents += 1 }
        }
        return queuedIndex < queued.count ? takeQueued() : nil
    }

    private func takeQueued() -> HCIEvent {
        let event = queued[queuedIndex]
        queuedIndex += 1
        if queuedIndex == queued.count {
            queued.removeAll(keepingCapacity: true)
            queuedIndex = 0
        }
        return event
    }

    private func decode(_ packet: HCIPacket) -> HCIEvent? {
        do { return try HCIEvent(packet: packet) } catch {
            malformedEvents += 1
            return nil
        }
    }

    private func check(_ status: HCIStatus?, _ command: HCICommand) throws {
        guard let status, status != .success else { return }
        throw HCIError(
            code: .badStatus, status: status, message: "\(Self.name(command.opcode)) failed: \(status)")
    }

    /// "LE Set Scan Enable (0x200C)" for the commands BeaconSim sends, else "command 0x....".
    public static func name(_ opcode: UInt16) -> String {
        let names: [UInt16: String] = [
            HCICommand.resetOpcode: "Reset", HCICommand.leSetScanParametersOpcode: "LE Set Scan Parameters",
            HCICommand.leSetScanEnableOpcode: "LE Set Scan Enable",
            HCICommand.leSetAdvertisingParametersOpcode: "LE Set Advertising Parameters",
            HCICommand.leSetAdvertisingDataOpcode: "LE Set Advertising Data",
            HCICommand.leSetScanResponseDataOpcode: "LE Set Scan Response Data",
            HCICommand.leSetAdvertisingEnableOpcode: "LE Set Advertising Enable",
            HCICommand.leSetExtendedAdvertisingParametersOpcode: "LE Set Extended Advertising Parameters",
            HCICommand.leSetExtendedAdvertisingDataOpcode: "LE Set Extended Advertising Data",
            HCICommand.leSetExtendedAdvertisingEnableOpcode: "LE Set Extended Advertising Enable",
            HCICommand.leReadNumberOfSupportedAdvertisingSetsOpcode: "LE Read Number of Supported Advertising Sets",
            HCICommand.leClearAdvertisingSetsOpcode: "LE Clear Advertising Sets",
        ]
        let hex = "0x" + String(opcode, radix: 16, uppercase: true).leftPadded(to: 4)
        return names[opcode].map { "\($0) (\(hex))" } ?? "command \(hex)"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
