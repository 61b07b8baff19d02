// SPDX-License-Identifier: GPL-3.0-or-later
public import HCICapture

/// A connection to an HCI controller carrying H4-framed packets (Bumble's transports, a UART, a
/// Linux HCI user channel). Implementations: `HCITransportName.open()`; tests may supply their own.
public protocol HCITransport: AnyObject {
    /// Sends one packet (commands, usually).
    func send(_ packet: HCIPacket) throws
    /// Packets received within `timeout` (waits at most that long; returns what arrived, possibly
    /// none, and returns early on a signal such as SIGINT). Throws `HCIError` `.closed` at end of stream.
    func receive(timeout: Duration) throws -> [HCIPacket]
    /// Closes the connection; further calls fail.
    func close()
}
