// SPDX-License-Identifier: GPL-3.0-or-later
import Reporting
import Testing

@Suite("Paired differences (compare's common random numbers)")
struct PairedDifferenceTests {
    @Test("b − a replication by replication: mean and 95 % t-interval, hand-worked")
    func handWorked() throws {
        // Differences 1, 2, 3: mean 2, s = 1, t(0.975, 2) = 4.302653, half-width 4.302653 / √3 = 2.484138.
        let difference = PairedDifference(a: [0: 10, 1: 20, 2: 30], b: [0: 11, 1: 22, 2: 33])
        #expect(difference.mean == 2 && difference.pairs == 3)
        let interval = try #require(difference.interval)
        #expect(abs(interval.lowerBound - (2 - 2.484138)) < 1e-5 && abs(interval.upperBound - (2 + 2.484138)) < 1e-5)
        #expect(!difference.resolved)
    }

    @Test("only replications both sides measured are paired; an interval clear of 0 is resolved")
    func pairing() {
        let difference = PairedDifference(a: [0: 1, 1: 1, 2: 1, 5: 7], b: [0: 3, 1: 3.5, 2: 2.5, 3: 9])
        #expect(difference.pairs == 3 && difference.mean == 2)
        #expect(difference.resolved)
        #expect(PairedDifference(a: [0: 1], b: [1: 1]).mean == nil)
    }
}
