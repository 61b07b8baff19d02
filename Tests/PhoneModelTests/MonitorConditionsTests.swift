// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import PhoneModel
import SimulationCore
import Testing

/// The conditions Core Location keeps for a `CLMonitor` (platforms-2026.md §1.2–1.3), rule by rule.
@Suite("CLMonitor conditions")
struct MonitorConditionsTests {
    static let uuid = BeaconUUID(high: 0xFDA5_0693_A4E2_4FB1, low: 0xAFCF_C6EB_0764_7825)
    static func condition(_ name: String, major: UInt16? = nil) -> RegionDefinition {
        RegionDefinition(identifier: name, uuid: uuid, major: major)
    }
    static func store(limit: Int = 20, readdResets: Bool = true, stops: Bool = true) -> MonitorConditions {
        MonitorConditions(
            support: CLMonitorSupport(
                conditionLimit: limit, serviceSessionRequired: true, readdResets: readdResets,
                pendingEventStopsMonitoring: stops))
    }

    @Test("past the limit a condition is kept but not served, and its event says conditionLimitExceeded")
    func limit() {
        var store = Self.store(limit: 2)
        #expect(store.add(Self.condition("a"), assuming: .unknown, onlyIfAbsent: false) == .added)
        #expect(store.add(Self.condition("b"), assuming: .unknown, onlyIfAbsent: false) == .added)
        guard case .overLimit(let event) = store.add(Self.condition("c"), assuming: .unknown, onlyIfAbsent: false) else {
            Issue.record("the third condition should be over the limit")
            return
        }
        #expect(event.identifier == "c" && event.state == .unknown && event.diagnostics == [.conditionLimitExceeded])
        #expect(store.conditions.map(\.definition.identifier) == ["a", "b", "c"])
        #expect(store.event("c", state: .satisfied) == nil)  // not served: no events of its own
        store.remove("a")
        #expect(store.add(Self.condition("d"), assuming: .unknown, onlyIfAbsent: false) == .added)
    }

    @Test("re-adding an unchanged condition resets it when the OS does so; an app adding only absent ones changes nothing")
    func readd() {
        var store = Self.store()
        _ = store.add(Self.condition("a"), assuming: .unknown, onlyIfAbsent: false)
        _ = store.event("a", state: .satisfied)
        #expect(store.add(Self.condition("a"), assuming: .unknown, onlyIfAbsent: true) == .unchanged)
        #expect(store.condition("a")?.state == .satisfied)
        #expect(store.add(Self.condition("a"), assuming: .unknown, onlyIfAbsent: false) == .reset)
        #expect(store.condition("a")?.state == .unknown)
        var keeping = Self.store(readdResets: false)
        _ = keeping.add(Self.condition("a"), assuming: .unknown, onlyIfAbsent: false)
        _ = keeping.event("a", state: .satisfied)
        #expect(keeping.add(Self.condition("a"), assuming: .unknown, onlyIfAbsent: false) == .unchanged)
        #expect(keeping.condition("a")?.state == .satisfied)
        #expect(keeping.add(Self.condition("a", major: 3), assuming: .unknown, onlyIfAbsent: false) == .added)
    }

    @Test("a first determination equal to the assumed state is no event; a different one, or a repeat later, is")
    func firstDetermination() {
        var store = Self.store()
        _ = store.add(Self.condition("a"), assuming: .satisfied, onlyIfAbsent: false)
        #expect(store.event("a", state: .satisfied, firstDetermination: true) == nil)
        #expect(store.event("a", state: .satisfied)?.state == .satisfied)  // repeated states arrive
        _ = store.add(Self.condition("b"), assuming: .satisfied, onlyIfAbsent: false)
        #expect(store.event("b", state: .unsatisfied, firstDetermination: true)?.state == .unsatisfied)
        _ = store.add(Self.condition("c"), assuming: .unknown, onlyIfAbsent: false)
        #expect(store.event("c", state: .unsatisfied, firstDetermination: true)?.state == .unsatisfied)
    }

    @Test("a condition kept from before the run records its first determination without an event")
    func restored() {
        var store = Self.store()
        _ = store.add(Self.condition("a"), assuming: .unknown, onlyIfAbsent: false, restored: true)
        #expect(store.event("a", state: .satisfied, firstDetermination: true) == nil)
        #expect(store.condition("a")?.state == .satisfied)
        #expect(store.event("a", state: .unsatisfied)?.state == .unsatisfied)
        _ = store.add(Self.condition("b"), assuming: .unsatisfied, onlyIfAbsent: false, restored: true)
        #expect(store.event("b", state: .satisfied, firstDetermination: true)?.state == .satisfied)
    }

    @Test("events wait for a monitor; a launch that opens none stops monitoring, and the next monitor hears unmonitored")
    func pending() throws {
        var store = Self.store()
        _ = store.add(Self.condition("a"), assuming: .unknown, onlyIfAbsent: false)
        _ = store.add(Self.condition("b"), assuming: .unknown, onlyIfAbsent: false)
        let event = store.event("a", state: .satisfied, refinement: IBeaconIdentity(uuid: Self.uuid, major: 1, minor: 2))
        store.hold(try #require(event))
        #expect(store.hasPending)
        #expect(store.launchFinished() == ["a"])
        #expect(store.condition("a")?.state == .unmonitored)
        #expect(store.event("a", state: .unsatisfied) == nil)  // no longer monitored
        let opened = store.open()
        #expect(opened.map(\.state) == [.unmonitored] && opened.first?.identifier == "a")
        #expect(store.open().isEmpty)  // told once
        #expect(store.add(Self.condition("a"), assuming: .unknown, onlyIfAbsent: false) == .reset)  // re-adding revives it
    }

    @Test("an open monitor takes pending events in condition order; without the rule nothing stops")
    func open() throws {
        var store = Self.store(stops: false)
        _ = store.add(Self.condition("a"), assuming: .unknown, onlyIfAbsent: false)
        _ = store.add(Self.condition("b"), assuming: .unknown, onlyIfAbsent: false)
        let eventB = store.event("b", state: .satisfied)
        let eventA = store.event("a", state: .unsatisfied)
        let second = try #require(eventB)
        let first = try #require(eventA)
        store.hold(second)
        store.hold(first)
        #expect(store.launchFinished().isEmpty)
        #expect(store.open().map(\.identifier) == ["a", "b"])
        #expect(store.isOpen)
        store.close()
        #expect(!store.isOpen)
    }

    @Test("diagnostics are sorted and unique")
    func diagnostics() {
        let event = MonitorEvent(
            identifier: "a", state: .unsatisfied, diagnostics: [.serviceSessionRequired, .accuracyLimited, .accuracyLimited])
        #expect(event.diagnostics == [.accuracyLimited, .serviceSessionRequired])
    }
}
