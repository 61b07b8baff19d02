// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Runs the `beaconsim` executable that `swift build` put next to the test bundle.
enum CLI {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func fixture(_ name: String) -> String {
        root.appendingPathComponent("Tests/EndToEndTests/Fixtures/\(name)").path
    }

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The binary: $BEACONSIM_BIN, else `beaconsim` beside the running test bundle, else .build/debug.
    static var binary: String {
        if let explicit = ProcessInfo.processInfo.environment["BEACONSIM_BIN"] { return explicit }
        var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("beaconsim").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/beaconsim").path
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Output {
        try execute(binary, arguments, environment: environment)
    }

    /// Runs `executable` in the repository root and collects its output and exit status.
    static func execute(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = root
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A fresh, empty results folder for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("beaconsim-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
