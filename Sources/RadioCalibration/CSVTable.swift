// SPDX-License-Identifier: GPL-3.0-or-later

/// A comma-separated file with a header line: RFC 4180 quoting (`"a,b"`, `""`), CRLF or LF line
/// ends. Fields keep their text; the readers convert and check them.
public struct CSVTable: Sendable {
    public var header: [String]
    /// Data rows with their 1-based line numbers.
    public var rows: [(line: Int, fields: [String])]

    /// Parses `text`; a problem (unterminated quote, no header) throws `CalibrationError`.
    public init(text: String, path: String) throws {
        var records: [(line: Int, fields: [String])] = []
        var field = ""
        var fields: [String] = []
        var quoted = false
        var line = 1
        var recordLine = 1
        var iterator = text.unicodeScalars.makeIterator()
        var pending = iterator.next()
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty) { records.append((recordLine, fields)) }
            fields = []
            field = ""
        }
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = iterator.next()
                    } else {
                        quoted = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: quoted = true
            case ",":
                fields.append(field)
                field = ""
            case "\r": continue
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default: field.unicodeScalars.append(scalar)
            }
        }
        if quoted { throw CalibrationError(path: path, problems: [(recordLine, "unterminated quoted field")]) }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        guard let first = records.first else {
            throw CalibrationError(path: path, problems: [(1, "the file is empty; expected a header line")])
        }
        header = first.fields.map { $0.trimmingCharacters(in: " ") }
        rows = Array(records.dropFirst())
    }

    /// The index of each name in `header`, and a problem for each required one that is missing.
    public func columns(_ required: [String], optional: [String] = []) -> (index: [String: Int], missing: [String]) {
        var index: [String: Int] = [:]
        for (position, name) in header.enumerated() where index[name] == nil { index[name] = position }
        return (index, required.filter { index[$0] == nil })
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text = text.dropFirst() }
        while text.last == set { text = text.dropLast() }
        return String(text)
    }
}
