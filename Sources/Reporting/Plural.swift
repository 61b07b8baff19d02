// SPDX-License-Identifier: GPL-3.0-or-later

/// Counts in console text with the noun in the right number: `1 phone`, `2 phones`,
/// `1 opportunity`, `3 opportunities`.
public enum Plural {
    /// `count` and `singular`, or its plural (`singular + "s"`, or `-y` → `-ies` after a consonant,
    /// unless `plural` is given) when `count` is not 1.
    public static func count(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? Self.plural(of: singular))"
    }

    static func plural(of noun: String) -> String {
        if noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) {
            return noun.dropLast() + "ies"
        }
        return noun + "s"
    }
}
