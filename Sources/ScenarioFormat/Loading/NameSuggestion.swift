// SPDX-License-Identifier: GPL-3.0-or-later

/// The loader's "did you mean" rule for other callers (the command line's subcommand names): the
/// closest candidate within an edit distance of 2.
public enum NameSuggestion {
    public static func closest(to word: String, among candidates: [String]) -> String? {
        _Suggestion.closest(to: word, among: candidates)
    }
}
