// SPDX-License-Identifier: GPL-3.0-or-later
import PhoneModel
import Reporting

/// `beaconsim profiles --makers`: the phone makers' behaviour overlays and the Android standby
/// buckets' job quotas, each rule with its source and grade (docs/phone-model.md, "Android under
/// pressure").
enum PressureListing {
    static func text(json: Bool) -> String {
        if json {
            return JSONText.object([
                (
                    "makers",
                    JSONText.array(
                        MakerOverlay.all.map { maker in
                            JSONText.object([
                                ("name", JSONText.string(maker.name)),
                                ("summary", JSONText.string(maker.summary)),
                                ("screenOffNeedsScanFilters", maker.screenOffNeedsScanFilters ? "true" : "false"),
                                ("killsBackgroundApps", maker.killsBackgroundApps ? "true" : "false"),
                                (
                                    "sources",
                                    JSONText.object(
                                        maker.sources.sorted { $0.key < $1.key }.map { ($0.key, JSONText.string($0.value)) })
                                ),
                            ])
                        })
                ),
                (
                    "standbyBuckets",
                    JSONText.array(
                        StandbyBucket.allCases.map { bucket in
                            JSONText.object([
                                ("name", JSONText.string(bucket.rawValue)),
                                ("quota", JSONText.string(quotaText(bucket))),
                                ("source", JSONText.string(bucket.source)),
                            ])
                        })
                ),
            ])
        }
        var lines: [String] = ["Phone makers (phones[].maker), overlays on the OS profile:"]
        for maker in MakerOverlay.all {
            lines.append("\(maker.name) — \(maker.summary)")
            lines.append("  screenOffNeedsScanFilters = \(maker.screenOffNeedsScanFilters)")
            lines.append("  killsBackgroundApps = \(maker.killsBackgroundApps)")
            for (rule, source) in maker.sources.sorted(by: { $0.key < $1.key }) {
                lines.append("      \(rule): \(source)")
            }
        }
        lines.append("")
        lines.append("Android standby buckets (app.standbyBucket), job quotas on battery:")
        for bucket in StandbyBucket.allCases {
            lines.append("\(bucket.rawValue) — \(quotaText(bucket))")
            lines.append("      source: \(bucket.source)")
        }
        return lines.joined(separator: "\n")
    }

    /// The bucket's quota before and on Android 16 (`android16JobQuotas`).
    private static func quotaText(_ bucket: StandbyBucket) -> String {
        func text(_ quota: JobQuota?) -> String {
            guard let quota else { return "no limit" }
            return
                "\(Int(quota.runtime.seconds / 60)) min of jobs and \(quota.sessions) sessions per rolling \(Int(quota.window.seconds / 3600)) h"
        }
        let before = text(bucket.jobQuota(android16: false))
        let android16 = text(bucket.jobQuota(android16: true))
        return before == android16 ? before : "\(before); with android16JobQuotas: \(android16)"
    }
}
