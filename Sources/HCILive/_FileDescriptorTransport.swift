// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif
internal import HCICapture

/// An `HCITransport` over a file descriptor carrying H4 bytes: a TCP socket, a tty, or a Linux HCI
/// user-channel socket (one packet per read, indicator first, so the same reassembly applies).
final class _FileDescriptorTransport: HCITransport {
    private var fd: Int32
    private let name: String
    private var reassembler = H4StreamReassembler()
    private var buffer = [UInt8](repeating: 0, count: 4096)

    init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
    }

    deinit { close() }

    func send(_ packet: HCIPacket) throws {
        guard fd >= 0 else { throw HCIError(code: .closed, message: "\(name): transport closed") }
        let bytes = packet.h4Bytes
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { write(fd, $0 + sent, raw.count - sent) } ?? 0
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw _POSIX.failure("\(name): write")
            }
            sent += result
        }
    }

    func receive(timeout: Duration) throws -> [HCIPacket] {
        guard fd >= 0 else { throw HCIError(code: .closed, message: "\(name): transport closed") }
        guard try _POSIX.wait(fd, timeout: timeout) else { return [] }
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return [] }
            throw _POSIX.failure("\(name): read")
        }
        if count == 0 { throw HCIError(code: .closed, message: "\(name): the controller closed the connection") }
        do {
            return try reassembler.append(buffer[0..<count])
        } catch let error as CaptureError {
            reassembler.reset()
            throw HCIError(code: .protocolError, message: "\(name): \(error.message)", cause: error)
        }
    }

    func close() {
        if fd >= 0 { _POSIX.closeDescriptor(fd) }
        fd = -1
    }
}
