// SPDX-License-Identifier: GPL-3.0-or-later
import FuzzHarness
import Foundation

// The libFuzzer entry points (built only with BEACONSIM_FUZZ=1 and -sanitize=fuzzer, which
// supplies `main`): the target is chosen by the environment variable BEACONSIM_FUZZ_TARGET
// (scenario, btsnoop, pcap, pcapng, hci-event). See scripts/fuzz.sh.

nonisolated(unsafe) private var target = FuzzTarget.scenario

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>)
    -> CInt
{
    let name = ProcessInfo.processInfo.environment["BEACONSIM_FUZZ_TARGET"] ?? ""
    guard let chosen = FuzzTarget(rawValue: name) else {
        fatalError("set BEACONSIM_FUZZ_TARGET to one of: " + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))
    }
    target = chosen
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    target.run(start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's entry point as `<module>_main`; here it hands over to libFuzzer's
/// driver (the runtime's own `main` is then not linked).
@_cdecl("beaconsim_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    _ = initialize(&count, arguments!)
    return runDriver(&count, &arguments) { start, size in testOneInput(start, size) }
}
