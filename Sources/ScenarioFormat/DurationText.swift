// SPDX-License-Identifier: GPL-3.0-or-later

/// Durations written as in scenario files (`100ms`, `1.5s`, `5m`, `1h`), for command-line options.
public enum DurationText {
    /// `text` in integer nanoseconds, or nil when it is not a duration with a unit (ns, us, ms, s, m, h).
    public static func nanoseconds(_ text: String) -> Int64? {
        try? DurationParser.nanoseconds(text).get()
    }
}
