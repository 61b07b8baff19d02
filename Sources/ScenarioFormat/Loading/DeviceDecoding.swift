// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// `devices: { name: { reportingOffset, sensitivity, scanCeiling, packetsPerSlot, startupDeadTime } }`.
enum _DeviceDecoding {
    static func devices(_ node: Node, context: _DecodingContext) -> [String: DeviceSpec] {
        guard let map = _MappingReader(node, for: "devices", table: _SchemaKeys.devices, context: context) else {
            return [:]
        }
        var devices: [String: DeviceSpec] = [:]
        for name in map.orderedKeys {
            context.declared.devices.insert(name)
            guard let value = map[name],
                let entry = _MappingReader(value, for: name, table: _SchemaKeys.device, context: context)
            else { continue }
            devices[name] = DeviceSpec(
                reportingOffset: entry.power("reportingOffset", unit: "dB", in: -60...60),
                sensitivity: entry.power("sensitivity", in: -130 ... -30),
                scanCeiling: entry.number("scanCeiling", in: 0.001...1),
                packetsPerSlot: entry.number("packetsPerSlot", in: 1...1000),
                startupDeadTime: entry.number("startupDeadTime", in: 0...60))
        }
        return devices
    }
}
