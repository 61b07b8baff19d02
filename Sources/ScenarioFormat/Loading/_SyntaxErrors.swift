// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// Turns Yams' parse errors into diagnostics at the position libyaml reported.
enum _SyntaxErrors {
    static func diagnostic(for error: Error, text: String, file: String) -> Diagnostic {
        let at = { (line: Int, column: Int) in
            SourceLocation(file: file, line: Swift.max(line, 1), column: Swift.max(column, 1))
        }
        guard let yamlError = error as? YamlError else {
            return Diagnostic(at: at(1, 1), "cannot parse the file: \(error)")
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            if problem.contains("nesting level") {
                // libyaml's own limit (1,000 flow levels), met before the prescan's.
                return Diagnostic(
                    at: at(mark.line, mark.column),
                    "the file nests lists and mappings deeper than \(ScenarioLimits.maximumNestingDepth) levels")
            }
            if isTab(atLine: mark.line, column: mark.column, in: text) {
                // libyaml says only "found character that cannot start any token".
                return Diagnostic(
                    at: at(mark.line, mark.column),
                    "a tab character: YAML indentation must be spaces; replace the tab with spaces")
            }
            let during = context.map { " (\($0.text) started at \($0.mark.line):\($0.mark.column))" } ?? ""
            return Diagnostic(at: at(mark.line, mark.column), "syntax error: \(problem)\(during)")
        case .reader(let problem, let offset, _, _):
            let position = offset.map { lineAndColumn(ofCharacter: $0, in: text) } ?? (line: 1, column: 1)
            return Diagnostic(at: at(position.line, position.column), "unreadable text: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? ""
            let second = secondOccurrence(of: key, after: context.mark, in: text)
            let first = "\(context.mark.line):\(context.mark.column)"
            return Diagnostic(
                at: at(second?.line ?? context.mark.line, second?.column ?? context.mark.column),
                "duplicate key '\(key)' (first at \(first))")
        default:
            return Diagnostic(at: at(1, 1), "cannot parse the file: \(yamlError)")
        }
    }

    /// Whether the character at 1-based `line`:`column` (Unicode scalars, as libyaml counts) is a tab.
    static func isTab(atLine line: Int, column: Int, in text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return false }
        let scalars = Array(lines[line - 1].unicodeScalars)
        return column >= 1 && column <= scalars.count && scalars[column - 1] == "\t"
    }

    /// 1-based line and column (in Unicode scalars, as libyaml counts) of the character at `offset`.
    static func lineAndColumn(ofCharacter offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for character in text.prefix(Swift.max(offset, 0)) {
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        return (line, column)
    }

    /// Where `key` is written again as a key after its first occurrence at `mark`: later on the
    /// same line (flow style), or on a later line at the same column (block style, pretty JSON).
    /// Yams reports only the first occurrence; the second is the one to point at. libyaml may count
    /// a line past what splitting at `\n` gives (other line breaks), so a mark past the end is safe.
    static func secondOccurrence(of key: String, after mark: Mark, in text: String) -> (line: Int, column: Int)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        let spellings = [key, "\"\(key)\"", "'\(key)'"].map { Array($0.unicodeScalars) }
        for lineIndex in lines.indices where lineIndex >= mark.line - 1 {
            let scalars = lines[lineIndex]
            let columns: [Int] =
                lineIndex == mark.line - 1
                ? Array(Swift.min(Swift.max(mark.column, 0), scalars.count)..<scalars.count) : [mark.column - 1]
            for column in columns where column >= 0 && column < scalars.count {
                for spelling in spellings where isKey(spelling, at: column, in: scalars) {
                    return (lineIndex + 1, column + 1)
                }
            }
        }
        return nil
    }

    /// Whether `spelling` starts at `column` after a separator and is followed by `:`.
    private static func isKey(_ spelling: [Unicode.Scalar], at column: Int, in scalars: [Unicode.Scalar]) -> Bool {
        let end = column + spelling.count
        guard end <= scalars.count, Array(scalars[column..<end]) == spelling else { return false }
        if column > 0, !" \t{,".unicodeScalars.contains(scalars[column - 1]) { return false }
        let rest = scalars[end...].drop { $0 == " " || $0 == "\t" }
        return rest.first == ":"
    }
}
