// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The markup structure of an HTML page, as a browser's tokenizer would find it (HTML Living
/// Standard §13.2.5, simplified to what the report writer emits): the tags in order, the script
/// elements and their contents, the attribute names. A name the writers escaped contributes only
/// text, so two reports that differ only in names have the same structure; `problem` says where
/// a page is not well-formed: a `<` in text that does not start a tag, an unclosed comment or
/// attribute, an end tag that does not close the element open, a script whose content could end
/// or comment out its element (`</script`, `<!--`, `<script`).
struct HTMLStructure: Equatable {
    /// The tags' names in lower case, in order, each followed by a space; an end tag's name starts
    /// with `/`. One byte string rather than a `String` per tag: the report target compares the
    /// structure of every page it renders.
    var tagBytes: [UInt8] = []
    /// Start tags as their names, end tags as `/name`, in order.
    var tags: [String] { tagBytes.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) } }
    /// Attribute names starting with `on` (event handlers) and values starting with `javascript:`.
    var handlers: [String] = []
    var scripts = 0
    var comments = 0
    var problem: String?

    static let voidElements: [[UInt8]] = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ].map { Array($0.utf8) }

    static func parse(_ html: String) -> HTMLStructure {
        var result = HTMLStructure()
        let bytes = Array(html.utf8)
        /// The open elements, as the ranges of their names in `result.tagBytes`.
        var open: [Range<Int>] = []
        var at = 0
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(lower(byte)) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) && byte != 0x0B }
        /// The first `byte` at or after `start`, by the C library's `memchr`: the page's bytes are
        /// scanned outside the fuzzer's instrumentation, which would trace every comparison here.
        func firstIndex(of byte: UInt8, from start: Int) -> Int? {
            guard start < bytes.count else { return nil }
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { base in
                    memchr(base + start, Int32(byte), buffer.count - start).map { UnsafeRawPointer(base).distance(to: $0) }
                }
            }
        }
        /// `needle` (whose first byte is not a letter) at or after `start`, starting before `limit`.
        func find(_ needle: String, from start: Int, before limit: Int? = nil, ignoringCase: Bool = false) -> Int? {
            let pattern = Array(needle.utf8)
            var next = start
            while let index = firstIndex(of: pattern[0], from: next), index < limit ?? bytes.count,
                index + pattern.count <= bytes.count
            {
                next = index + 1
                var offset = 1
                while offset < pattern.count,
                    (ignoringCase ? lower(bytes[index + offset]) : bytes[index + offset]) == pattern[offset]
                {
                    offset += 1
                }
                if offset == pattern.count { return index }
            }
            return nil
        }
        let javascript = Array("javascript:".utf8)
        func fail(_ message: String) { result.problem = result.problem ?? message }
        /// Appends the tag name at `start` to `result.tagBytes` in lower case, `/` first for an end
        /// tag; returns the name's range there (without the `/`) and the index after it in the page.
        func name(from start: Int, end isEnd: Bool) -> (Range<Int>, Int) {
            var end = start
            while end < bytes.count, !isSpace(bytes[end]), bytes[end] != 0x3E, bytes[end] != 0x2F { end += 1 }
            if isEnd { result.tagBytes.append(0x2F) }
            let first = result.tagBytes.count
            for byte in bytes[start..<end] { result.tagBytes.append(lower(byte)) }
            let range = first..<result.tagBytes.count
            result.tagBytes.append(0x20)
            return (range, end)
        }
        func tagName(_ range: Range<Int>) -> String { String(decoding: result.tagBytes[range], as: UTF8.self) }
        func isTag(_ range: Range<Int>, _ name: [UInt8]) -> Bool { result.tagBytes[range].elementsEqual(name) }
        let (script, style) = (Array("script".utf8), Array("style".utf8))
        /// Reads attributes up to `>`; returns the index after it and whether the tag ended `/>`.
        func attributes(from start: Int) -> (Int, Bool)? {
            var index = start
            while index < bytes.count {
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { break }
                if bytes[index] == 0x3E { return (index + 1, false) }
                if bytes[index] == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x3E { return (index + 2, true) }
                var end = index
                while end < bytes.count, !isSpace(bytes[end]), bytes[end] != 0x3E, bytes[end] != 0x3D, bytes[end] != 0x2F {
                    end += 1
                }
                guard end > index, bytes[index] != 0x22, bytes[index] != 0x27, bytes[index] != 0x3C else {
                    fail("a malformed attribute at byte \(index)")
                    return nil
                }
                // Named as text only where it is reported (a String per attribute would dominate).
                let range = index..<end
                var attribute: String { String(decoding: bytes[range].map(lower), as: UTF8.self) }
                if end - index >= 2, lower(bytes[index]) == 0x6F, lower(bytes[index + 1]) == 0x6E {
                    result.handlers.append(attribute)
                }
                index = end
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == 0x3D else { continue }
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { break }
                var valueEnd: Int
                if bytes[index] == 0x22 || bytes[index] == 0x27 {
                    guard let close = firstIndex(of: bytes[index], from: index + 1) else {
                        fail("an unclosed attribute value at byte \(index)")
                        return nil
                    }
                    valueEnd = close
                    index += 1
                } else {
                    valueEnd = index
                    while valueEnd < bytes.count, !isSpace(bytes[valueEnd]), bytes[valueEnd] != 0x3E { valueEnd += 1 }
                }
                // On the bytes: no String per value.
                if let less = firstIndex(of: 0x3C, from: index), less < valueEnd {
                    fail("a '<' in the value of \(attribute) at byte \(index)")
                }
                // A URL's scheme as the URL parser reads it: leading C0 controls and spaces dropped, tabs
                // and newlines ignored, ASCII case folded.
                var scheme = bytes[index..<valueEnd].drop { $0 <= 0x20 }.lazy.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
                    .makeIterator()
                if javascript.allSatisfy({ scheme.next().map(lower) == $0 }) {
                    result.handlers.append("\(attribute)=javascript:")
                }
                index = valueEnd + (valueEnd < bytes.count && (bytes[valueEnd] == 0x22 || bytes[valueEnd] == 0x27) ? 1 : 0)
            }
            fail("an unclosed tag at byte \(start)")
            return nil
        }
        while result.problem == nil, at < bytes.count {
            guard bytes[at] == 0x3C else {
                guard let next = firstIndex(of: 0x3C, from: at) else { break }
                at = next
                continue
            }
            let next = at + 1 < bytes.count ? bytes[at + 1] : 0
            if bytes[at...].starts(with: "<!--".utf8) {
                guard let end = find("-->", from: at + 4) else {
                    fail("an unclosed comment at byte \(at)")
                    return result
                }
                result.comments += 1
                at = end + 3
            } else if next == 0x21 {
                guard let end = find(">", from: at) else {
                    fail("an unclosed declaration at byte \(at)")
                    return result
                }
                at = end + 1
            } else if next == 0x2F, at + 2 < bytes.count, isLetter(bytes[at + 2]) {
                let (tag, end) = name(from: at + 2, end: true)
                guard let close = find(">", from: end) else {
                    fail("an unclosed end tag at byte \(at)")
                    return result
                }
                guard let innermost = open.last, result.tagBytes[innermost].elementsEqual(result.tagBytes[tag]) else {
                    fail("</\(tagName(tag))> at byte \(at) closes <\(open.last.map(tagName) ?? "nothing")>")
                    return result
                }
                open.removeLast()
                at = close + 1
            } else if isLetter(next) {
                let (tag, end) = name(from: at + 1, end: false)
                let raw = isTag(tag, script) ? script : isTag(tag, style) ? style : nil
                guard let (after, selfClosing) = attributes(from: end) else { return result }
                at = after
                if let raw {
                    let tag = String(decoding: raw, as: UTF8.self)
                    guard let close = find("</\(tag)", from: at, ignoringCase: true) else {
                        fail("an unclosed <\(tag)> at byte \(at)")
                        return result
                    }
                    if find("<!--", from: at, before: close) != nil
                        || find("<script", from: at, before: close, ignoringCase: true) != nil
                    {
                        fail("a <\(tag)> whose content holds <!-- or <script")
                        return result
                    }
                    if raw == script { result.scripts += 1 }
                    guard let end = find(">", from: close) else {
                        fail("an unclosed </\(tag)")
                        return result
                    }
                    result.tagBytes += [0x2F] + raw + [0x20]
                    at = end + 1
                } else if !selfClosing, !Self.voidElements.contains(where: { isTag(tag, $0) }) {
                    open.append(tag)
                }
            } else {
                fail("a '<' in text at byte \(at) that starts no tag")
                return result
            }
        }
        if result.problem == nil, let unclosed = open.last { fail("<\(tagName(unclosed))> is never closed") }

        return result
    }
}
