// SPDX-License-Identifier: GPL-3.0-or-later

/// Reads claim conditions: `"<= 60s"`, `"< 3"`, `">= 0.9"`, `"== 0"`, or an inclusive range
/// `"20s..50s"`.
///
/// Bounds of durations (latency metrics, spans between events, and their differences) are
/// durations with a unit, stored in seconds; bounds of counts, and of the `count` statistic of any
/// quantity, are plain numbers; `rate` applies to count metrics only (not to comparisons) and
/// lies in [0, 1].
enum ConditionParser {
    /// Comparison operators, longest first so `<=` is not read as `<`.
    private static let operators: [(String, ClaimCondition.Comparison)] = [
        ("<=", .lessOrEqual), (">=", .greaterOrEqual), ("==", .equal), ("<", .less), (">", .greater),
    ]

    static func parse(_ text: String, statistic: ClaimStatistic, metric: ClaimMetric)
        -> Result<ClaimCondition, _ParseFailure>
    {
        parse(text, statistic: statistic, quantity: .metric(metric), isComparison: false)
    }

    static func parse(_ text: String, statistic: ClaimStatistic, quantity: ClaimQuantity, isComparison: Bool)
        -> Result<ClaimCondition, _ParseFailure>
    {
        if statistic == .rate {
            guard case .metric(let metric) = quantity, !metric.isSample else {
                return .failure(_ParseFailure("'rate' applies only to count metrics, not '\(quantity)'"))
            }
            if isComparison { return .failure(_ParseFailure("does not apply to a comparison ('versus')")) }
        }
        let trimmed = text.trimmingSpaces
        let takesDuration = quantity.isDuration && statistic != .count
        let example = takesDuration ? "\"<= 60s\" or \"20s..50s\"" : "\"<= 5\" or \"1..3\""
        let read = { (bound: String) in value(bound, takesDuration: takesDuration, statistic: statistic, quantity: quantity) }
        if let match = operators.first(where: { trimmed.hasPrefix($0.0) }) {
            return read(String(trimmed.dropFirst(match.0.count))).map {
                ClaimCondition(statistic: statistic, comparison: match.1, bound: $0, text: trimmed)
            }
        }
        guard let range = trimmed.range(of: "..") else {
            return .failure(
                _ParseFailure("invalid condition '\(trimmed)'; write a comparison or a range, e.g. \(example)"))
        }
        let lowerText = String(trimmed[..<range.lowerBound])
        let upperText = String(trimmed[range.upperBound...])
        switch (read(lowerText), read(upperText)) {
        case (.failure(let failure), _), (_, .failure(let failure)): return .failure(failure)
        case (.success(let lower), .success(let upper)):
            guard lower <= upper else {
                return .failure(
                    _ParseFailure("the range '\(trimmed)' is empty: its lower bound is above its upper bound"))
            }
            return .success(
                ClaimCondition(
                    statistic: statistic, comparison: .within, bound: lower, upperBound: upper, text: trimmed))
        }
    }

    /// One bound: seconds for durations, else a plain number (in [0, 1] for `rate`).
    private static func value(_ text: String, takesDuration: Bool, statistic: ClaimStatistic, quantity: ClaimQuantity)
        -> Result<Double, _ParseFailure>
    {
        let bound = text.trimmingSpaces
        if takesDuration {
            if _NodeKind.number(in: bound) != nil {
                let what =
                    if case .metric(let metric) = quantity { "'\(metric.rawValue)' is a latency" } else {
                        "the time between two events is a duration"
                    }
                return .failure(_ParseFailure("\(what): the bound '\(bound)' needs a unit, e.g. 60s"))
            }
            return DurationParser.nanoseconds(bound).map { Double($0) / 1e9 }
        }
        guard let number = _NodeKind.number(in: bound) else {
            let what: String
            switch (statistic, quantity) {
            case (.count, _): what = "'count'"
            case (_, .metric(let metric)): what = "'\(metric.rawValue)' is a count and"
            default: what = "a count of events"
            }
            return .failure(_ParseFailure("\(what) takes a plain number, found '\(bound)'"))
        }
        if statistic == .rate && !(0...1).contains(number) {
            return .failure(_ParseFailure("a rate lies in [0, 1], found \(bound)"))
        }
        return .success(number)
    }
}
