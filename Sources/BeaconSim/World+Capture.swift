// SPDX-License-Identifier: GPL-3.0-or-later
internal import HCICapture
internal import ScenarioFormat

extension World {
    /// Attaches `recorder` to the phone named `name` (nil: the first phone) before `run()`.
    /// Throws `ScenarioError` when no phone has that name.
    public func attach(_ recorder: PhoneHCIRecorder, toPhone name: String?) throws {
        phones[try phoneIndex(named: name)].addRadioObserver(recorder)
        // Packets name their beacon by index (modulo the count, for rotated addresses).
        if scenario.beacons.count == beacons.count {
            recorder.batteries = scenario.beacons.map { BeaconBatteryEstimate($0, in: scenario) }
        }
        recorder.markSimulation(duration: scenario.duration, seed: seed)
    }

    /// The index of the phone named `name`, or 0 for nil; `ScenarioError` when there is none.
    func phoneIndex(named name: String?) throws -> Int {
        guard let name else {
            if phones.isEmpty { throw Self.noPhone("the scenario has no phone") }
            return 0
        }
        guard let index = phones.firstIndex(where: { $0.name == name }) else {
            throw Self.noPhone("no phone named '\(name)'; phones: " + phones.map(\.name).joined(separator: ", "))
        }
        return index
    }

    private static func noPhone(_ message: String) -> ScenarioError {
        ScenarioError([Diagnostic(at: SourceLocation(file: "<command line>", line: 1, column: 1), message)])
    }
}
