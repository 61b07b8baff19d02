// SPDX-License-Identifier: GPL-3.0-or-later
@testable import Experiments
import Testing

@Suite("CPU budget (--threads default)")
struct CPUBudgetTests {
    @Test("the affinity list of /proc/self/status is counted")
    func affinity() {
        #expect(CPUBudget.affinityCount(status: "Name:\tx\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        #expect(CPUBudget.affinityCount(status: "Cpus_allowed_list:\t0-3,8,10-11\n") == 7)
        #expect(CPUBudget.affinityCount(status: "Cpus_allowed_list:\t5\n") == 1)
        #expect(CPUBudget.affinityCount(status: "Cpus_allowed_list:\t3-1\n") == nil)
        #expect(CPUBudget.affinityCount(status: "Name:\tx\n") == nil)
    }

    @Test("cgroup v2 cpu.max: a quota over a period, or none")
    func quota() {
        #expect(CPUBudget.quota(cpuMax: "150000 100000\n") == 1.5)
        #expect(CPUBudget.quota(cpuMax: "max 100000\n") == nil)
        #expect(CPUBudget.quota(cpuMax: "garbage") == nil)
    }

    @Test("the smallest quota on the cgroup path caps the affinity, rounded up, at least 1")
    func budget() {
        let files = [
            "/proc/self/cgroup": "0::/kubepods/pod1/container\n",
            "/sys/fs/cgroup/kubepods/pod1/container/cpu.max": "max 100000\n",
            "/sys/fs/cgroup/kubepods/pod1/cpu.max": "250000 100000\n",
            "/sys/fs/cgroup/kubepods/cpu.max": "800000 100000\n",
        ]
        let quota = CPUBudget.cgroupQuota { files[$0] }
        #expect(quota == 2.5)
        #expect(CPUBudget.budget(affinity: 8, quota: quota) == 3)
        #expect(CPUBudget.budget(affinity: 2, quota: quota) == 2)
        #expect(CPUBudget.budget(affinity: 4, quota: 0.2) == 1)
        #expect(CPUBudget.budget(affinity: 4, quota: nil) == 4)
        let v1 = [
            "/proc/self/cgroup": "4:cpu,cpuacct:/docker/abc\n1:memory:/\n",
            "/sys/fs/cgroup/cpu/docker/abc/cpu.cfs_quota_us": "50000\n",
            "/sys/fs/cgroup/cpu/docker/abc/cpu.cfs_period_us": "100000\n",
        ]
        #expect(CPUBudget.cgroupQuota { v1[$0] } == 0.5)
    }
}
