// SPDX-License-Identifier: GPL-3.0-or-later
internal import Reporting

/// fit.json: the estimates with standard errors, the scores on the fitting and held-out points
/// (`FitScore`) and the plain log-distance baseline (`BaselineScore`). Keys in a fixed order.
enum FitJSON {
    static func text(_ fit: RadioFit, survey: String, venue: String, options: RadioFitter.Options) -> String {
        let number = { (value: Double?) in value.map { JSONText.number($0, decimals: 4) } ?? "null" }
        let parameters = fit.estimates.map { estimate in
            JSONText.object(
                [
                    ("name", JSONText.string(estimate.name)), ("value", number(estimate.value)),
                    ("standardError", number(estimate.standardError)),
                ] + (estimate.note.map { [("note", JSONText.string($0))] } ?? []))
        }
        let baseline = JSONText.object([
            (
                "model",
                JSONText.string(
                    "per (device, tx power): mean RSSI = A + B·log10(max(d, 0.5 m)), OLS; detection = the fitting links' rate per 2 m bin"
                )
            ),
            ("rmseMeanRSSI", number(fit.baseline.rmse)),
            ("maxDetectionError", number(fit.baseline.maxDetectionError)),
            (
                "bins",
                JSONText.array(
                    fit.baseline.bins.map {
                        JSONText.object([
                            ("lower", number($0.lower)), ("windows", String($0.windows)),
                            ("detectionError", number($0.detectionError)),
                        ])
                    })
            ),
        ])
        return JSONText.object([
            ("survey", JSONText.string(survey)),
            ("venue", JSONText.string(venue)),
            ("holdoutFraction", number(options.holdoutFraction)),
            ("seed", String(options.seed)),
            ("points", JSONText.object([("fit", String(fit.fitPoints.count)), ("heldOut", String(fit.heldOutPoints.count))])),
            ("heldOutPoints", JSONText.array(fit.heldOutPoints.sorted().map(JSONText.string))),
            ("converged", fit.converged ? "true" : "false"),
            ("iterations", String(fit.iterations)),
            ("parameters", JSONText.array(parameters)),
            ("detectionExcludedSessions", excluded(fit.detectionSessions)),
            ("fit", score(fit.fitScore)),
            ("heldOut", fit.heldOutScore.map(score) ?? "null"),
            ("heldOutSteadyState", fit.heldOutSteadyScore.map(detectionScore) ?? "null"),
            ("heldOutFirstWindows", fit.heldOutStartupScore.map(detectionScore) ?? "null"),
            ("baseline", baseline),
            ("minimumBinWindows", String(FitScore.minimumBinWindows)),
        ]) + "\n"
    }

    /// Sessions counted for RSSI only, and why (`DetectionSessions`).
    static func excluded(_ sessions: DetectionSessions) -> String {
        JSONText.array(
            sessions.excluded.map {
                JSONText.object([
                    ("session", JSONText.string($0.session)), ("windows", String($0.windows)), ("skips", String($0.skips)),
                    ("droppedShareAtLeast", JSONText.number($0.droppedShare, decimals: 4)),
                    ("reason", JSONText.string($0.reason)),
                ])
            })
    }

    /// The detection side of a score (the steady state, or the windows that open a session).
    static func detectionScore(_ score: FitScore) -> String {
        let number = { (value: Double?) in value.map { JSONText.number($0, decimals: 4) } ?? "null" }
        let windows = score.bins.reduce(0) { $0 + $1.windows }
        let observed = score.bins.reduce(0.0) { $0 + $1.observedDetection * Double($1.windows) }
        let predicted = score.bins.reduce(0.0) { $0 + $1.predictedDetection * Double($1.windows) }
        return JSONText.object([
            ("windows", String(windows)),
            ("observedDetection", number(windows > 0 ? observed / Double(windows) : nil)),
            ("predictedDetection", number(windows > 0 ? predicted / Double(windows) : nil)),
            ("maxDetectionError", number(score.maxDetectionError)),
            (
                "bins",
                JSONText.array(
                    score.bins.map { bin in
                        JSONText.object([
                            ("lower", number(bin.lower)), ("windows", String(bin.windows)),
                            ("observedDetection", number(bin.observedDetection)),
                            ("predictedDetection", number(bin.predictedDetection)),
                            ("detectionError", number(bin.detectionError)),
                        ])
                    })
            ),
        ])
    }

    static func score(_ score: FitScore) -> String {
        let number = { (value: Double?) in value.map { JSONText.number($0, decimals: 4) } ?? "null" }
        return JSONText.object([
            ("rmseMeanRSSI", number(score.rmse)),
            ("maxDetectionError", number(score.maxDetectionError)),
            ("links", String(score.links.count)),
            (
                "byGroup",
                JSONText.array(
                    score.rmseByGroup.map {
                        JSONText.object([
                            ("device", JSONText.string($0.device)), ("txPower", number($0.txPower)),
                            ("rmseMeanRSSI", number($0.rmse)), ("links", String($0.links)),
                        ])
                    })
            ),
            (
                "bins",
                JSONText.array(
                    score.bins.map { bin in
                        JSONText.object([
                            ("lower", number(bin.lower)), ("upper", number(bin.lower + 2)), ("links", String(bin.links)),
                            ("windows", String(bin.windows)), ("observedDetection", number(bin.observedDetection)),
                            ("predictedDetection", number(bin.predictedDetection)),
                            ("detectionError", number(bin.detectionError)), ("rmseMeanRSSI", number(bin.rmse)),
                            ("observedSampleSD", number(bin.observedSampleSD)),
                            ("predictedSampleSD", number(bin.predictedSampleSD)),
                        ])
                    })
            ),
        ])
    }
}
