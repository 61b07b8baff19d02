// SPDX-License-Identifier: GPL-3.0-or-later

/// Reads durations written `<decimal><unit>` (`100ms`, `1.5s`, `5m`, `1h`, `-2s`) into integer
/// nanoseconds, exactly.
///
/// The conversion is decimal string arithmetic, never floating point, so `1.1s` is exactly
/// 1 100 000 000 ns; every step is overflow-checked, and a fraction that is not a whole number of
/// nanoseconds (`1.5ns`) is an error rather than a rounding.
enum DurationParser {
    /// Unit suffixes and their length in nanoseconds.
    static let units: [String: Int64] = [
        "ns": 1, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000, "m": 60_000_000_000, "h": 3_600_000_000_000,
    ]

    /// The units in the order messages list them.
    static let unitList = "ns, us, ms, s, m or h"

    /// Parses `text` (surrounding spaces ignored) into nanoseconds.
    static func nanoseconds(_ text: String) -> Result<Int64, _ParseFailure> {
        let trimmed = text.trimmingSpaces
        var rest = Substring(trimmed)
        var negative = false
        if let sign = rest.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        let numberPart = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unitPart = String(rest.dropFirst(numberPart.count))
        let pieces = numberPart.split(separator: ".", omittingEmptySubsequences: false)
        guard !numberPart.isEmpty, pieces.count <= 2, let whole = pieces.first, !whole.isEmpty,
            pieces.count == 1 || !(pieces.last ?? "").isEmpty
        else {
            return .failure(
                _ParseFailure("invalid duration '\(trimmed)'; write a number and a unit (\(unitList)), e.g. 30s"))
        }
        guard !unitPart.isEmpty else { return .failure(_ParseFailure("duration needs a unit, e.g. 30s")) }
        guard let unit = units[unitPart] else {
            return .failure(_ParseFailure("unknown duration unit '\(unitPart)' in '\(trimmed)'; use \(unitList)"))
        }
        let tooLarge = _ParseFailure("duration '\(trimmed)' is too large (at most about 292 years)")
        guard let wholeValue = decimalInteger(whole),
            case (let scaled, let overflow) = wholeValue.multipliedReportingOverflow(by: unit), !overflow
        else { return .failure(tooLarge) }
        var total = scaled
        if pieces.count == 2, let fraction = pieces.last {
            switch fractionNanoseconds(fraction, unit: unit) {
            case .failure: return .failure(_ParseFailure("duration '\(trimmed)' is not a whole number of nanoseconds"))
            case .success(let extra):
                let (sum, overflow) = total.addingReportingOverflow(extra)
                guard !overflow else { return .failure(tooLarge) }
                total = sum
            }
        }
        return .success(negative ? -total : total)
    }

    /// `0.digits × unit`, exact, or a failure when it is not a whole number of nanoseconds.
    private static func fractionNanoseconds(_ digits: Substring, unit: Int64) -> Result<Int64, _ParseFailure> {
        var significant = digits
        while significant.last == "0" { significant = significant.dropLast() }
        if significant.isEmpty { return .success(0) }
        // Past 18 digits the fraction cannot be exact for any unit (hours hold only 10^11·36 ns).
        guard significant.count <= 18, let numerator = decimalInteger(significant) else {
            return .failure(_ParseFailure("inexact"))
        }
        var denominator: Int64 = 1
        for _ in 0..<significant.count { denominator *= 10 }
        let common = greatestCommonDivisor(unit, denominator)
        let reducedDenominator = denominator / common
        guard numerator % reducedDenominator == 0 else { return .failure(_ParseFailure("inexact")) }
        let (value, overflow) = (numerator / reducedDenominator).multipliedReportingOverflow(by: unit / common)
        return overflow ? .failure(_ParseFailure("inexact")) : .success(value)
    }

    /// A run of ASCII digits as an `Int64`, or nil on overflow.
    static func decimalInteger<S: StringProtocol>(_ digits: S) -> Int64? {
        var value: Int64 = 0
        for character in digits {
            guard let digit = character.wholeNumberValue, character.isASCII else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    private static func greatestCommonDivisor(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
