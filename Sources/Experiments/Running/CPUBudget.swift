// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// How many CPUs this process may use: the CPUs its affinity mask allows (`Cpus_allowed_list` in
/// `/proc/self/status`, what `sched_getaffinity` returns — `taskset`, Slurm's and Kubernetes'
/// cpusets), capped by its cgroup's CPU quota rounded up (cgroup v2 `cpu.max` along the process's
/// cgroup path, or v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us` — Docker `--cpus`, Kubernetes
/// limits). Elsewhere (macOS) the active processor count. The default of `--threads`.
public enum CPUBudget {
    /// The CPUs this process may use, at least 1.
    public static var available: Int {
        #if os(Linux)
            let read = { (path: String) in try? String(contentsOfFile: path, encoding: .utf8) }
            let affinity = read("/proc/self/status").flatMap(affinityCount)
            return budget(affinity: affinity ?? ProcessInfo.processInfo.activeProcessorCount, quota: cgroupQuota(read: read))
        #else
            return max(1, ProcessInfo.processInfo.activeProcessorCount)
        #endif
    }

    /// `min(affinity, ⌈quota⌉)`, at least 1.
    static func budget(affinity: Int, quota: Double?) -> Int {
        let limit = quota.map { Int($0.rounded(.up)) } ?? affinity
        return max(1, min(affinity, limit))
    }

    /// CPUs in the `Cpus_allowed_list:` line of `/proc/self/status` (`0-3,8,10-11` → 7).
    static func affinityCount(status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") }) else {
            return nil
        }
        var count = 0
        for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
            let bounds = range.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            switch bounds.count {
            case 1: if bounds[0] != nil { count += 1 } else { return nil }
            case 2:
                guard let low = bounds[0], let high = bounds[1], high >= low else { return nil }
                count += high - low + 1
            default: return nil
            }
        }
        return count > 0 ? count : nil
    }

    /// CPUs a cgroup v2 `cpu.max` line allows (`150000 100000` → 1.5; `max 100000` → nil).
    static func quota(cpuMax: String) -> Double? {
        let fields = cpuMax.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let quota = Double(fields[0]), let period = Double(fields[1]), quota > 0, period > 0
        else { return nil }
        return quota / period
    }

    /// The smallest quota on the process's cgroup path (v2), else the v1 cpu controller's.
    static func cgroupQuota(read: (String) -> String?) -> Double? {
        let lines = read("/proc/self/cgroup")?.split(separator: "\n") ?? []
        var quotas: [Double] = []
        if let unified = lines.first(where: { $0.hasPrefix("0::") }) {
            var path = String(unified.dropFirst(3))
            while true {
                let base = path == "/" ? "/sys/fs/cgroup" : "/sys/fs/cgroup" + path
                if let text = read(base + "/cpu.max"), let quota = quota(cpuMax: text) { quotas.append(quota) }
                if path == "/" || path.isEmpty { break }
                path = (path as NSString).deletingLastPathComponent
            }
        }
        if let cpu = lines.first(where: {
            $0.split(separator: ":").dropFirst().first?.split(separator: ",").contains("cpu") == true
        }),
            let path = cpu.split(separator: ":", maxSplits: 2).last
        {
            let base = "/sys/fs/cgroup/cpu" + (path == "/" ? "" : String(path))
            if let q = read(base + "/cpu.cfs_quota_us").flatMap({ Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }),
                let p = read(base + "/cpu.cfs_period_us").flatMap({ Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }),
                q > 0, p > 0
            {
                quotas.append(q / p)
            }
        }
        return quotas.min()
    }
}
