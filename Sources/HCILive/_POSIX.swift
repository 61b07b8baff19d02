// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The system calls behind the transports: TCP client and server, raw ttys, the Linux HCI user
/// channel. Every failure becomes an `HCIError` naming the transport and `strerror(errno)`.
enum _POSIX {
    /// Linux `AF_BLUETOOTH`, `BTPROTO_HCI`, `HCI_CHANNEL_USER` (include/net/bluetooth/{bluetooth,hci}.h).
    static let afBluetooth: Int32 = 31
    static let btprotoHCI: Int32 = 1
    static let hciChannelUser: UInt16 = 1

    static func failure(_ what: String, _ code: Int32 = errno) -> HCIError {
        HCIError(code: .transport, message: "\(what): \(String(cString: strerror(code)))")
    }

    static var streamType: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    static func closeDescriptor(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }

    /// Writing to a closed socket must give EPIPE, not kill the process.
    static func ignoreSIGPIPE() { _ = signal(SIGPIPE, SIG_IGN) }

    /// The IPv4 / IPv6 addresses of `host`:`port` (numeric or a name).
    static func addresses(_ host: String, _ port: UInt16, passive: Bool) throws -> [(family: Int32, address: [UInt8])] {
        var hints = addrinfo()
        hints.ai_socktype = streamType
        hints.ai_flags = passive ? AI_PASSIVE : 0
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw HCIError(code: .transport, message: "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var result: [(Int32, [UInt8])] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let entry = node {
            if let address = entry.pointee.ai_addr {
                let bytes = UnsafeRawBufferPointer(start: address, count: Int(entry.pointee.ai_addrlen))
                result.append((entry.pointee.ai_family, Array(bytes)))
            }
            node = entry.pointee.ai_next
        }
        return result
    }

    /// Connects to `host`:`port`, retrying every 100 ms until `timeout` (the server may still be starting).
    static func connectTCP(host: String, port: UInt16, timeout: Duration) throws -> Int32 {
        ignoreSIGPIPE()
        let deadline = ContinuousClock.now + timeout
        var last = HCIError(code: .transport, message: "tcp-client:\(host):\(port): no address")
        repeat {
            for (family, address) in try addresses(host, port, passive: false) {
                let fd = socket(family, streamType, 0)
                guard fd >= 0 else { throw failure("tcp-client:\(host):\(port): socket") }
                let result = address.withUnsafeBytes {
                    connect(fd, $0.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(address.count))
                }
                if result == 0 {
                    setNoDelay(fd)
                    return fd
                }
                last = failure("tcp-client:\(host):\(port): connect")
                closeDescriptor(fd)
            }
            usleep(100_000)
        } while ContinuousClock.now < deadline
        throw last
    }

    /// Listens on `host`:`port` and accepts the first client within `timeout`.
    static func acceptTCP(host: String, port: UInt16, timeout: Duration) throws -> Int32 {
        ignoreSIGPIPE()
        guard let (family, address) = try addresses(host, port, passive: true).first else {
            throw HCIError(code: .transport, message: "tcp-server:\(host):\(port): no address")
        }
        let listener = socket(family, streamType, 0)
        guard listener >= 0 else { throw failure("tcp-server:\(host):\(port): socket") }
        defer { closeDescriptor(listener) }
        var yes: Int32 = 1
        _ = setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.withUnsafeBytes {
            bind(listener, $0.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(address.count))
        }
        guard bound == 0 else { throw failure("tcp-server:\(host):\(port): bind") }
        guard listen(listener, 1) == 0 else { throw failure("tcp-server:\(host):\(port): listen") }
        guard try wait(listener, timeout: timeout) else {
            throw HCIError(code: .timeout, message: "tcp-server:\(host):\(port): no client connected within \(timeout)")
        }
        let fd = accept(listener, nil, nil)
        guard fd >= 0 else { throw failure("tcp-server:\(host):\(port): accept") }
        setNoDelay(fd)
        return fd
    }

    static func setNoDelay(_ fd: Int32) {
        var yes: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Opens a tty or pty in raw mode (no echo, no line discipline), with `baud` when given.
    static func openRawTTY(_ path: String, baud: Int?) throws -> Int32 {
        ignoreSIGPIPE()
        let fd = open(path, O_RDWR | O_NOCTTY)
        guard fd >= 0 else { throw failure(path) }
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else {
            let error = failure("\(path): not a terminal (tcgetattr)")
            closeDescriptor(fd)
            throw error
        }
        cfmakeraw(&settings)
        if let baud {
            guard let speed = baudConstants[baud] else {
                closeDescriptor(fd)
                throw HCIError(code: .badTransportName, message: "\(path): unsupported baud rate \(baud)")
            }
            _ = cfsetispeed(&settings, speed)
            _ = cfsetospeed(&settings, speed)
        }
        guard tcsetattr(fd, TCSANOW, &settings) == 0 else {
            let error = failure("\(path): tcsetattr")
            closeDescriptor(fd)
            throw error
        }
        return fd
    }

    static let baudConstants: [Int: speed_t] = [
        9600: speed_t(B9600), 19200: speed_t(B19200), 38400: speed_t(B38400), 57600: speed_t(B57600),
        115_200: speed_t(B115200), 230_400: speed_t(B230400), 460_800: speed_t(B460800),
        921_600: speed_t(B921600), 1_000_000: speed_t(B1000000), 2_000_000: speed_t(B2000000),
        3_000_000: speed_t(B3000000),
    ]

    /// Binds a raw Bluetooth socket to hci`index` on the user channel (exclusive access; the
    /// device must be down in BlueZ). Packets then carry their H4 indicator byte.
    static func openHCIUserChannel(_ index: UInt16) throws -> Int32 {
        let name = "hci:\(index)"
        #if !os(Linux)
            throw HCIError(code: .transport, message: "\(name): HCI user-channel sockets exist only on Linux")
        #else
            let fd = socket(afBluetooth, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), btprotoHCI)
            guard fd >= 0 else {
                let code = errno
                if code == EAFNOSUPPORT || code == EPROTONOSUPPORT {
                    throw HCIError(
                        code: .transport,
                        message: "\(name): this system has no Bluetooth sockets (AF_BLUETOOTH unsupported: no BlueZ kernel "
                            + "support, or a container without it)")
                }
                throw failure("\(name): socket(AF_BLUETOOTH)", code)
            }
            // struct sockaddr_hci { sa_family_t hci_family; unsigned short hci_dev; unsigned short hci_channel; }
            let address: [UInt16] = [UInt16(afBluetooth), index, hciChannelUser]
            let bound = address.withUnsafeBytes {
                bind(fd, $0.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
            }
            guard bound == 0 else {
                let code = errno
                closeDescriptor(fd)
                switch code {
                case ENODEV: throw HCIError(code: .transport, message: "\(name): no such HCI device hci\(index)")
                case EBUSY:
                    throw HCIError(
                        code: .transport,
                        message: "\(name): hci\(index) is in use; bring it down first (sudo hciconfig hci\(index) down)")
                case EPERM, EACCES:
                    throw HCIError(code: .transport, message: "\(name): permission denied (needs CAP_NET_ADMIN, e.g. sudo)")
                default: throw failure("\(name): bind", code)
                }
            }
            return fd
        #endif
    }

    /// Waits until `fd` is readable; false on timeout or a signal.
    static func wait(_ fd: Int32, timeout: Duration) throws -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = max(
            0, Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 {
            if errno == EINTR { return false }
            throw failure("poll")
        }
        return ready > 0
    }
}
