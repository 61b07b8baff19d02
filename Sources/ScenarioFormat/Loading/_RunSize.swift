// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import Yams

/// The checks of `ScenarioLimits` that need the whole scenario: how many beacons, phones and
/// beacon–phone pairs it has, and how much work one replication would be.
enum _RunSize {
    /// Reports at `map`'s keys (`beacons`, `phones`, `duration`) each limit the scenario exceeds.
    static func check(
        duration: Int64?, beacons: [BeaconSpec], phones: [PhoneSpec], map: _MappingReader, context: _DecodingContext
    ) {
        let at = { (key: String) in map[key] ?? map.node }
        if beacons.count > ScenarioLimits.maximumBeacons {
            context.error(
                "\(beacons.count) beacons; a scenario may have at most \(ScenarioLimits.maximumBeacons)", at: at("beacons"))
        }
        if phones.count > ScenarioLimits.maximumPhones {
            context.error(
                "\(phones.count) phones; a scenario may have at most \(ScenarioLimits.maximumPhones)", at: at("phones"))
        }
        let links = beacons.count * phones.count
        if links > ScenarioLimits.maximumLinks {
            context.error(
                "\(beacons.count) beacons × \(phones.count) phones = \(links) radio links; at most "
                    + "\(ScenarioLimits.maximumLinks) are accepted", at: at("beacons"))
        }
        guard let duration else { return }
        let events = expectedEvents(duration: duration, beacons: beacons, phones: phones)
        if events > ScenarioLimits.maximumEventsPerRun {
            context.error(
                "one replication would handle about \(events.formatted3) events (each beacon's advertising events "
                    + "per phone, and random user actions), more than the \(ScenarioLimits.maximumEventsPerRun.formatted3) "
                    + "a run may; shorten 'duration', lengthen intervals or use fewer beacons or phones", at: at("duration"))
        }
    }

    /// Advertising events × phones (each phone's receiver considers each event) plus the expected
    /// number of random user actions, over `duration` nanoseconds.
    static func expectedEvents(duration: Int64, beacons: [BeaconSpec], phones: [PhoneSpec]) -> Double {
        let span = Double(duration)
        let advertising = beacons.reduce(0.0) { $0 + span / Double(max($1.interval, 1)) }
        let actions = phones.reduce(0.0) { total, phone in
            phone.randomActions.reduce(total) { $0 + span / Double(max($1.meanInterval, 1)) }
        }
        return advertising * Double(max(phones.count, 1)) + actions
    }
}

extension Double {
    /// Three significant figures in scientific notation, e.g. `2.59e+12`.
    fileprivate var formatted3: String {
        guard self >= 1000 else { return plainText }
        let exponent = Int(log10(self).rounded(.down))
        let mantissa = (self / pow(10, Double(exponent)) * 100).rounded() / 100
        return "\(mantissa.plainText)e\(exponent)"
    }
}
