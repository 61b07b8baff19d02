// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import BeaconSim
import Experiments
import Foundation
import Reporting
import ResultsCatalogue
import ScenarioFormat

/// Loading scenarios for the subcommands: diagnostics to stderr and exit code 2 on bad input.
enum ScenarioInput {
    /// Loads and validates `path` against the built-in catalogue.
    static func load(_ path: String) throws -> Scenario {
        do {
            return try ScenarioLoader.load(path: path, catalogue: .standard, imports: ScenarioAccess.policy)
        } catch let error as ScenarioError {
            Console.error(error.description)
            throw ExitCode(2)
        }
    }

    /// Runs `body`, turning model-level scenario errors into diagnostics and exit code 2.
    static func diagnosing<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw exitCode(for: error) }
    }

    /// `diagnosing` for async work.
    static func diagnosing<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch { throw exitCode(for: error) }
    }

    /// Bad input (a scenario, a setting, a results folder, an experiment) is printed and becomes
    /// exit code 2; anything else is passed on.
    private static func exitCode(for error: Error) -> Error {
        let message: String? =
            switch error {
            case let error as ScenarioError: error.description
            case let error as ResultsError: error.description
            case let error as SettingError: error.description
            case let error as ExperimentError: error.description
            default: nil
            }
        guard let message else { return error }
        Console.error(message)
        return ExitCode(2)
    }

    /// Loads `path` keeping its YAML tree for `--set` (diagnostics and exit 2 on bad input).
    static func template(_ path: String) throws -> ScenarioTemplate {
        try diagnosing { try ScenarioTemplate(path: path, catalogue: .standard, imports: ScenarioAccess.policy) }
    }

    /// Records `entry` in the catalogue under `root`; a failure is a warning, never fatal.
    static func catalogue(_ entry: CatalogueEntry, root: URL) {
        do {
            try CatalogueRecording.record(entry, root: root)
        } catch {
            Console.error("warning: could not record the run in \(root.path)/catalogue.sqlite: \(error)")
        }
    }
}

extension ScenarioInput {
    /// `diagnosing` for async work.
    static func diagnosingAsync<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ScenarioError {
            Console.error(error.description)
            throw ExitCode(2)
        }
    }
}

/// Writing to the terminal.
enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
