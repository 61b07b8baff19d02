// SPDX-License-Identifier: GPL-3.0-or-later
internal import CYaml

/// A pass over libyaml's event stream before anything is built: refuses documents nested deeper
/// than `ScenarioLimits.maximumNestingDepth` or expanding, through aliases, to more than
/// `ScenarioLimits.maximumNodes` nodes ("billion laughs").
///
/// Yams shares an anchored node between its aliases, so composing a bomb is cheap, but anything
/// that walks the tree (its own duplicate-key check hashes aliased keys; the decoder reads every
/// item) would take time exponential in the file size. Here each anchor's expanded size is kept
/// once, so the pass is linear in the events and stops at the first event past a limit. A syntax
/// error ends the pass quietly: the composer reports it with its own position.
enum _YAMLPrescan {
    /// The diagnostic for the first limit `text` exceeds, or nil when it is within them.
    static func check(_ text: String, file: String) -> Diagnostic? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        return bytes.withUnsafeMutableBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var scan = Scan()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if let problem = scan.take(&event) {
                    let mark = event.start_mark
                    return Diagnostic(
                        at: SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1), problem)
                }
            }
        }
    }

    /// The running state: open collections and the expanded size of every anchor seen.
    private struct Scan {
        /// Expanded size so far of each open collection, and its anchor.
        /// `key`: the mapping key the collection is the value of (nil in a list), `items` its
        /// direct children, so the message can name the list that made the file large.
        var open: [(size: Int, anchor: String?, key: String?, items: Int)] = []
        var anchors: [String: Int] = [:]
        var total = 0
        var aliases = 0
        /// The last scalar read: a mapping's key when a collection follows it.
        var lastScalar: String?

        /// Accounts for one event; a message when it breaks a limit.
        mutating func take(_ event: inout yaml_event_t) -> String? {
            switch event.type {
            case YAML_SCALAR_EVENT:
                let value = event.data.scalar
                lastScalar = value.length <= 64 ? Self.text(value.value) : nil
                return add(1, anchor: Self.text(value.anchor))
            case YAML_ALIAS_EVENT:
                let name = Self.text(event.data.alias.anchor) ?? ""
                aliases += 1
                return add(anchors[name] ?? 1, anchor: nil)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let anchor = Self.text(
                    event.type == YAML_SEQUENCE_START_EVENT
                        ? event.data.sequence_start.anchor : event.data.mapping_start.anchor)
                guard open.count < ScenarioLimits.maximumNestingDepth else {
                    return "the file nests lists and mappings deeper than \(ScenarioLimits.maximumNestingDepth) levels"
                }
                if !open.isEmpty { open[open.count - 1].items += 1 }
                open.append((0, anchor, lastScalar, 0))
                return add(1, anchor: nil, child: false)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return nil }
                if let anchor = closed.anchor { anchors[anchor] = closed.size }
                if !open.isEmpty { open[open.count - 1].size += closed.size }
                return nil
            default:
                return nil
            }
        }

        /// Adds `size` expanded nodes to the innermost open collection and the total.
        /// `child`: a direct child of the innermost collection (not its own start).
        private mutating func add(_ size: Int, anchor: String?, child: Bool = true) -> String? {
            if let anchor { anchors[anchor] = size }
            if !open.isEmpty {
                open[open.count - 1].size += size
                if child { open[open.count - 1].items += 1 }
            }
            total += size
            guard total <= ScenarioLimits.maximumNodes else {
                guard aliases == 0 else {
                    return "the file expands to more than \(ScenarioLimits.maximumNodes) values through its aliases "
                        + "(*name); a scenario this large is refused"
                }
                // No alias: say which list made it large (its items so far), e.g. 100,000 walls.
                let largest = open.filter { $0.key != nil }.max { $0.size < $1.size }
                let list = largest.map { " — \($0.size) of them in '\($0.key ?? "")' (\($0.items) items so far)" } ?? ""
                return "the file holds more than \(ScenarioLimits.maximumNodes) values\(list); a scenario this large "
                    + "is refused"
            }
            return nil
        }

        private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }
}
