// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Stochastics

@Suite("CounterStream")
struct CounterStreamTests {
    @Test("seek(to:) gives random access: the draws after position k are the fresh stream's draws k+1…")
    func randomAccess() {
        var fresh = CounterStream(seed: 1, replication: 0, label: "link/a/b")
        let sequence = (0..<50).map { _ in fresh.uniform() }
        #expect(fresh.position == 50)
        var moved = CounterStream(seed: 1, replication: 0, label: "link/a/b")
        moved.seek(to: 30)
        #expect((0..<20).map { _ in moved.uniform() } == Array(sequence[30...]))
        moved.seek(to: 0)
        #expect(moved.uniform() == sequence[0])
    }

    @Test("uniform() written in Swift draws exactly what the C generator gives GSL (gsl_ran_flat on [0, 1))")
    func swiftUniformMatchesC() {
        for seed in [UInt64(0), 1, 0xdead_beef, .max] {
            var swift = CounterStream(rawSeed: seed)
            var c = CounterStream(rawSeed: seed)
            for _ in 0..<1_000 { #expect(swift.uniform() == c.uniform(0, 1)) }
            #expect(swift.position == c.position)
        }
    }

    /// 200 000 draws per σ reach the wedge and tail paths (about 3 % of draws) thousands of times.
    @Test("normal() takes the ziggurat's common path inline and still draws exactly GSL's numbers", arguments: [1.0, 4, 0.3])
    func inlineNormalMatchesGSL(sd: Double) throws {
        var inline = CounterStream(seed: 5, replication: 0, label: "link/normal/\(sd)")
        var gsl = inline
        var fallbacks = 0
        for _ in 0..<200_000 {
            let before = inline.position
            let value = inline.normal(mean: -3, sd: sd)
            #expect(value == -3 + gsl.gslNormal(sd: sd))
            #expect(inline.position == gsl.position)
            if inline.position - before > 1 { fallbacks += 1 }
        }
        // The path leaves the table with probability p = mean over steps of 1 − limit/2^24 (about
        // 2.8 %): the count is binomial, held within 5 SD of its mean (fails with p < 1e-6).
        let table = try #require(ZigguratTable.steps)
        let p = (0..<128).map { 1 - Double(table[$0].limit) / 0x1p24 }.reduce(0, +) / 128
        let (mean, sdCount) = (200_000 * p, (200_000 * p * (1 - p)).squareRoot())
        #expect(abs(Double(fallbacks) - mean) < 5 * sdCount, "\(fallbacks) fallbacks, expected \(mean)")
    }

    @Test("the ziggurat table read from GSL: step 0 always goes to GSL, the others' widths grow, and j·width is GSL's variate")
    func zigguratTable() throws {
        _ = GSLRuntime.prepared  // what every stream's initialiser runs first
        let table = try #require(ZigguratTable.steps)
        let steps = (0..<128).map { table[$0] }
        #expect(steps[0].limit == 0)  // the base strip and the tail: GSL's path for every j
        #expect(steps[1...].allSatisfy { $0.limit > 1 << 23 && $0.limit < 1 << 24 })
        #expect(zip(steps[1...], steps[2...]).allSatisfy { $0.width < $1.width })
        for index in 1..<128 {  // below the limit GSL draws once and returns j·width (positive sign)
            for j in [1, steps[index].limit / 2, steps[index].limit - 1] {
                let gsl = ZigguratTable.probe(index: UInt64(index), j: j)
                #expect(gsl.draws == 1 && gsl.value == Double(j) * steps[index].width)
            }
            #expect(ZigguratTable.probe(index: UInt64(index), j: steps[index].limit).draws > 1)
        }
    }

    @Test("the class and the value draw the same numbers, through GSL's distributions too")
    func classMatchesValue() {
        let shared = RandomStream(seed: 9, replication: 2, label: "beacon/x/advDelay")
        var value = CounterStream(seed: 9, replication: 2, label: "beacon/x/advDelay")
        for _ in 0..<200 {
            #expect(shared.normal(sd: 4) == value.normal(sd: 4))
            #expect(shared.uniform() == value.uniform())
            #expect(shared.exponential(mean: 3) == value.exponential(mean: 3))
            #expect(shared.uniformInt(7) == value.uniformInt(7))
        }
    }

    /// Pearson χ² of 100 000 uniforms in 100 equal bins: 99 degrees of freedom, mean 99, SD 14;
    /// the bound (mean + 5 SD) fails a correct generator with probability below 1e-5.
    @Test("uniforms fill [0, 1) evenly (χ² over 100 bins)")
    func uniformity() {
        var stream = CounterStream(rawSeed: 12345)
        var bins = [Int](repeating: 0, count: 100)
        let n = 100_000
        for _ in 0..<n {
            let u = stream.uniform()
            #expect(u >= 0 && u < 1)
            bins[Int(u * 100)] += 1
        }
        let expected = Double(n) / 100
        let chiSquare = bins.reduce(0.0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
        #expect(chiSquare < 99 + 5 * (2 * 99.0).squareRoot())
    }

    /// Streams of neighbouring entities (labels that differ in one character) must not be
    /// correlated: the sample correlation of two independent sequences of n has SD 1/√n.
    @Test("streams of neighbouring labels are uncorrelated")
    func neighbouringStreams() {
        let n = 20_000
        for (a, b) in [("link/b001/p", "link/b002/p"), ("beacon/1/advDelay", "beacon/2/advDelay")] {
            var first = CounterStream(seed: 1, replication: 0, label: a)
            var second = CounterStream(seed: 1, replication: 0, label: b)
            let x = (0..<n).map { _ in first.normal(sd: 1) }
            let y = (0..<n).map { _ in second.normal(sd: 1) }
            let correlation = zip(x, y).reduce(0.0) { $0 + $1.0 * $1.1 } / Double(n)
            #expect(abs(correlation) < 5 / Double(n).squareRoot(), "\(a) vs \(b)")
        }
    }

    @Test("uniformInt stays in range and hits every value")
    func uniformInt() {
        var stream = CounterStream(rawSeed: 7)
        let draws = (0..<1000).map { _ in stream.uniformInt(6) }
        #expect(Set(draws) == Set(0..<6))
        #expect(stream.uniformInt(1) == 0)
    }
}
