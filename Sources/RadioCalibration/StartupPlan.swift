// SPDX-License-Identifier: GPL-3.0-or-later

/// Which devices' scan start-up (`DeviceProfile.startupDeadTime`) `beaconsim fit` estimates.
///
/// A window that opens a survey session (`SurveyRow.startsScan`, `sample` 1) is one in which the
/// device's scan started; the UJI office phone reports a beacon in 5.8 % of those against 36.9 %
/// of the later ones. The dead time is told apart from the scan ceiling only by those windows, and
/// only where the radio reaches the device (a link with a reading), so a device needs
/// `minimumWindows` of them in links with a reading; the others keep no start-up (0) and their
/// session-opening windows count as any other.
struct StartupPlan {
    /// 200 windows: the binomial SE of a rate near 0.06 is then 0.017, a third of it.
    static let minimumWindows = 200

    /// Device → the mean length of its session-opening windows, s (the dead time's upper bound).
    let windows: [String: Double]
    /// Device → its session-opening windows in links with a reading (every device with any).
    let counts: [String: Int]

    init(links: [SurveyLink]) {
        var counts: [String: Int] = [:], seconds: [String: Double] = [:]
        for link in links where link.startupWindows > 0 && link.detectionReadings > 0 {
            counts[link.device, default: 0] += link.startupWindows
            seconds[link.device, default: 0] += Double(link.startupWindows) * link.windowSeconds
        }
        self.counts = counts
        var windows: [String: Double] = [:]
        for (device, count) in counts where count >= Self.minimumWindows {
            windows[device] = (seconds[device] ?? 0) / Double(count)
        }
        self.windows = windows
    }

    /// A starting dead time for `device`, as a share of its window: 1 − (rate of its
    /// session-opening windows) / (rate of the others), over its links with a reading, in [0.05, 0.95].
    static func initialShare(device: String, links: [SurveyLink]) -> Double {
        var startup = (windows: 0, readings: 0), steady = (windows: 0, readings: 0)
        for link in links where link.device == device && link.detectionReadings > 0 {
            startup.windows += link.startupWindows
            startup.readings += link.startupReadings
            let counts = link.steady(splitStartup: true)
            steady.windows += counts.windows
            steady.readings += counts.readings
        }
        guard startup.windows > 0, steady.readings > 0 else { return 0.5 }
        let ratio =
            (Double(startup.readings) / Double(startup.windows)) / (Double(steady.readings) / Double(max(1, steady.windows)))
        return min(0.95, max(0.05, 1 - ratio))
    }
}
