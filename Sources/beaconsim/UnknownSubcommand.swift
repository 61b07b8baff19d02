// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import ScenarioFormat

/// A first argument that names no subcommand (`beaconsim chek`): the parser would only say
/// "unexpected argument"; this names the closest subcommand, as the scenario loader does for keys.
enum UnknownSubcommand {
    /// The message for `arguments` (without the program name), or nil when the first argument is an
    /// option, a subcommand or `help`.
    static func message(_ arguments: [String], commands: [any ParsableCommand.Type]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = commands.compactMap { $0.configuration.commandName }
        guard !names.contains(word), word != "help" else { return nil }
        let hint = NameSuggestion.closest(to: word, among: names).map { "; did you mean '\($0)'?" } ?? ""
        return "error: unknown command '\(word)'\(hint)\n"
            + "Usage: beaconsim <subcommand>, one of \(names.joined(separator: ", ")); see 'beaconsim --help'."
    }
}
