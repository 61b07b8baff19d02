// SPDX-License-Identifier: GPL-3.0-or-later

/// A transport named the Bumble way (bumble.transport): `tcp-client:HOST:PORT`,
/// `tcp-server:HOST:PORT` (H4 over TCP), `pty:PATH`, `serial:DEVICE[,BAUD]` (a tty in raw mode),
/// `hci:N` (Linux HCI user channel on hciN).
///
/// An empty host means loopback for both TCP forms: `tcp-server::9000` listens on 127.0.0.1 only,
/// so no other machine can connect; `tcp-server:_:9000` (Bumble's spelling) or
/// `tcp-server:0.0.0.0:9000` listens on every interface, to be asked for explicitly.
public enum HCITransportName: Hashable, Sendable, CustomStringConvertible {
    case tcpClient(host: String, port: UInt16)
    case tcpServer(host: String, port: UInt16)
    case pty(path: String)
    case serial(device: String, baud: Int?)
    case hci(index: UInt16)

    /// Parses `text`; throws `HCIError` `.badTransportName` with the accepted forms.
    public init(parsing text: String) throws {
        let bad = HCIError(
            code: .badTransportName,
            message: "unknown transport '\(text)': use tcp-client:HOST:PORT, tcp-server:HOST:PORT, pty:PATH, "
                + "serial:DEVICE[,BAUD] or hci:N")
        guard let colon = text.firstIndex(of: ":") else { throw bad }
        let scheme = text[..<colon]
        let rest = String(text[text.index(after: colon)...])
        switch scheme {
        case "tcp-client", "tcp-server":
            guard let last = rest.lastIndex(of: ":"), let port = UInt16(rest[rest.index(after: last)...]), port > 0 else {
                throw bad
            }
            var host = String(rest[..<last])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            if host.isEmpty { host = "127.0.0.1" }
            if host == "_" { host = scheme == "tcp-server" ? "0.0.0.0" : "127.0.0.1" }
            self = scheme == "tcp-client" ? .tcpClient(host: host, port: port) : .tcpServer(host: host, port: port)
        case "pty":
            guard !rest.isEmpty else { throw bad }
            self = .pty(path: rest)
        case "serial":
            let parts = rest.split(separator: ",", maxSplits: 1).map(String.init)
            guard let device = parts.first, !device.isEmpty else { throw bad }
            let baud = parts.count > 1 ? Int(parts[1]) : nil
            if parts.count > 1, baud == nil { throw bad }
            self = .serial(device: device, baud: baud)
        case "hci":
            guard let index = UInt16(rest) else { throw bad }
            self = .hci(index: index)
        default:
            throw bad
        }
    }

    public var description: String {
        switch self {
        case .tcpClient(let host, let port): "tcp-client:\(host):\(port)"
        case .tcpServer(let host, let port): "tcp-server:\(host):\(port)"
        case .pty(let path): "pty:\(path)"
        case .serial(let device, let baud): "serial:\(device)" + (baud.map { ",\($0)" } ?? "")
        case .hci(let index): "hci:\(index)"
        }
    }

    /// Opens the transport. A `tcp-server` waits up to `timeout` for its first client; a
    /// `tcp-client` tries to connect for up to `timeout`. Throws `HCIError`.
    public func open(timeout: Duration = .seconds(10)) throws -> any HCITransport {
        let fd: Int32
        switch self {
        case .tcpClient(let host, let port): fd = try _POSIX.connectTCP(host: host, port: port, timeout: timeout)
        case .tcpServer(let host, let port): fd = try _POSIX.acceptTCP(host: host, port: port, timeout: timeout)
        case .pty(let path): fd = try _POSIX.openRawTTY(path, baud: nil)
        case .serial(let device, let baud): fd = try _POSIX.openRawTTY(device, baud: baud ?? 1_000_000)
        case .hci(let index): fd = try _POSIX.openHCIUserChannel(index)
        }
        return _FileDescriptorTransport(fd: fd, name: description)
    }
}
