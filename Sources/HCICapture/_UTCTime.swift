// SPDX-License-Identifier: GPL-3.0-or-later

/// ISO 8601 UTC text for Unix nanoseconds, rounded to the nearest microsecond:
/// `2021-02-01T03:27:59.789053Z` (the form of the shared captures' ground truth).
///
/// Civil-from-days conversion after Howard Hinnant, "chrono-Compatible Low-Level Date Algorithms"
/// (proleptic Gregorian calendar), so no Foundation or locale is involved.
enum _UTCTime {
    static func iso8601(_ nanoseconds: Int64) -> String {
        let (shifted, overflow) = nanoseconds.addingReportingOverflow(500)
        let nanos = overflow ? nanoseconds : shifted
        let micros = nanos >= 0 ? nanos / 1000 : -((-(nanos + 1)) / 1000) - 1
        var days = micros / 86_400_000_000
        var remainder = micros % 86_400_000_000
        if remainder < 0 {
            remainder += 86_400_000_000
            days -= 1
        }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let seconds = remainder / 1_000_000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):"
            + "\(pad(seconds % 60, 2)).\(pad(remainder % 1_000_000, 6))Z"
    }
}
