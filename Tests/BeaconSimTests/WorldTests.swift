// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Reporting
import ScenarioFormat
import Testing

@Suite("World")
struct WorldTests {
    @Test("the store walk-out gives an entry then an exit, in order")
    func walkOut() throws {
        let result = try World(scenario: StoreScenario.make(), seed: 1).run()
        let names = result.trace.map(\.event.name)
        let enter = try #require(names.firstIndex(of: "didEnterRegion"))
        let exit = try #require(names.firstIndex(of: "didExitRegion"))
        #expect(enter < exit)
        #expect(result.packetsSent > 0 && result.packetsReceived > 0)
    }

    @Test("same seed gives a byte-identical timeline; another seed a different one")
    func determinism() throws {
        let scenario = StoreScenario.make(initialState: .foreground, ranging: true)
        let first = TimelineWriter.text(try World(scenario: scenario, seed: 7).run().trace)
        let second = TimelineWriter.text(try World(scenario: scenario, seed: 7).run().trace)
        let other = TimelineWriter.text(try World(scenario: scenario, seed: 8).run().trace)
        #expect(first == second)
        #expect(first != other)
    }
}
