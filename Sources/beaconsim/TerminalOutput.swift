// SPDX-License-Identifier: GPL-3.0-or-later
import Reporting

/// Every line a command prints goes through `Escaping.terminal`: names from scenarios and
/// captures may hold control characters (an ESC sequence recolours or retitles a terminal or a
/// CI log), which it writes as visible `\u{…}`. This shadows `Swift.print` inside the executable,
/// so no command's output can bypass it; `Console.error` does the same for stderr.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Swift.print(Escaping.terminal(items.map { "\($0)" }.joined(separator: separator)), terminator: terminator)
}
