// SPDX-License-Identifier: GPL-3.0-or-later
internal import Experiments
internal import Reporting

/// fit.html: a self-contained page (inline SVG, no scripts) with the estimates, the scores against
/// the baseline, and `FitFigures`.
enum FitHTML {
    static func text(_ fit: RadioFit, survey: String, venue: String) -> String {
        let format = { (value: Double?, decimals: Int) -> String in
            guard let value else { return "–" }
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            return SVG.label((value * scale).rounded() / scale)
        }
        let escape = Escaping.htmlText
        var rows = fit.estimates.map { estimate in
            "<tr><td>\(escape(estimate.name))</td><td>\(format(estimate.value, 3))</td><td>\(estimate.standardError.map { "± " + format($0, 3) } ?? "fixed")</td><td>\(escape(estimate.note ?? ""))</td></tr>"
        }
        rows.insert("<tr><th>parameter</th><th>estimate</th><th>standard error</th><th>note</th></tr>", at: 0)
        let scores = [
            ("fitting points", fit.fitScore.rmse, fit.fitScore.maxDetectionError),
            ("held-out points", fit.heldOutScore?.rmse, fit.heldOutScore?.maxDetectionError),
            (
                "log-distance baseline (\(fit.heldOutScore == nil ? "fitting" : "held-out") points)", fit.baseline.rmse,
                fit.baseline.maxDetectionError
            ),
        ].map { name, rmse, detection in
            "<tr><td>\(name)</td><td>\(format(rmse, 2)) dB</td><td>\(format(detection, 3))</td></tr>"
        }
        let figures = [
            FitFigures.predictedVersusObserved(fit), FitFigures.residualsVersusDistance(fit),
            FitFigures.detectionVersusDistance(fit), FitFigures.venue(fit),
        ]
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Radio fit: \(escape(venue))</title>
            <style>body{font-family:DejaVu Sans,Helvetica,Arial,sans-serif;margin:24px;color:#222}
            table{border-collapse:collapse;margin:8px 0 20px}td,th{border:1px solid #ccc;padding:3px 8px;font-size:13px;text-align:left}
            .figures{display:flex;flex-wrap:wrap;gap:16px}</style></head><body>
            <h1>Radio fit</h1>
            <p>Venue <code>\(escape(venue))</code>, survey <code>\(escape(survey))</code>: \(fit.fitPoints.count) fitting points, \(fit.heldOutPoints.count) held out; \(fit.converged ? "converged" : "stopped at the iteration limit") after \(fit.iterations) iterations.</p>
            <h2>Scores</h2>
            <table><tr><th>set</th><th>RMSE of mean RSSI</th><th>largest detection error per 2 m bin (≥ \(FitScore.minimumBinWindows) windows)</th></tr>
            \(scores.joined(separator: "\n"))
            </table>
            <h2>Estimates</h2>
            <table>
            \(rows.joined(separator: "\n"))
            </table>
            <h2>Figures</h2>
            <div class="figures">
            \(figures.joined(separator: "\n"))
            </div>
            </body></html>

            """
    }
}
