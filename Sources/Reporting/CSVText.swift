// SPDX-License-Identifier: GPL-3.0-or-later

/// CSV text (RFC 4180) for the tables BeaconSim writes: fields quoted only when they must be.
public enum CSVText {
    /// A field, quoted when it holds a comma, quote, CR or LF (`Escaping.csvField`).
    public static func field(_ text: String) -> String { Escaping.csvField(text) }

    /// One line of fields, without the newline.
    public static func line(_ fields: [String]) -> String { fields.map(field).joined(separator: ",") }

    /// Lines joined, ending in a newline.
    public static func table(_ rows: [[String]]) -> String { rows.map(line).joined(separator: "\n") + "\n" }
}
