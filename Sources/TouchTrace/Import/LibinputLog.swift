/// `libinput record` YAML, read line by line: only the subset the recorder writes is understood
/// (block mappings and sequences by indentation, flow sequences of numbers on one line, `#`
/// comments), and of it only each device's `node`, `evdev: absinfo:` and `events: - evdev:`.
///
/// ```
/// devices:
/// - node: /dev/input/event5
///   evdev:
///     absinfo:
///       53: [0, 1279, 0, 0, 12]
///   events:
///   - evdev:
///     - [  0,      0,   3,  57,     0] # EV_ABS / ABS_MT_TRACKING_ID        0
///     - [  0,      0,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +0ms
/// ```
/// An `absinfo` entry is `CODE: [min, max, fuzz, flat, resolution]`; an event is
/// `[seconds, microseconds, type, code, value]`, all decimal.
struct LibinputLog {
    /// One open block: its indentation and its key (nil for a sequence item).
    private struct Block {
        var indent: Int
        var key: String?
    }

    /// A recording nests six blocks deep; a file nested far deeper is something else (and would
    /// cost time on every line).
    static let maximumDepth = 64

    /// What has been read so far.
    var log = ParsedLog()
    private var stack: [Block] = []
    private var device: Int?
    private var sawDevices = false

    /// Reads a whole text.
    static func parse(_ text: LogText) throws(TraceErrors) -> ParsedLog {
        var reader = LibinputLog()
        try reader.read(text)
        try reader.finish(text)
        return reader.log
    }

    /// Checks that what was read is a recording (`text` is the last one read, for messages).
    func finish(_ text: LogText) throws(TraceErrors) {
        if !sawDevices {
            throw text.error(at: 0, "no 'devices:' in this file: is it a 'libinput record' recording?")
        }
    }

    /// Reads the lines of a text (a whole file, or the next window of one).
    mutating func read(_ text: LogText) throws(TraceErrors) {
        for line in text.lines {
            let start = text.skipSpaces(line.start, line.end)
            if start == line.end || text.bytes[start] == UInt8(ascii: "#") { continue }
            if text.bytes[line.start..<start].contains(0x09) {
                throw text.error(at: line.start, in: line, "a tab in the indentation (libinput record indents with spaces)")
            }
            var indent = start - line.start
            var content = start..<line.end
            // A sequence item: "- " then its content, which is indented two more.
            var isItem = false
            if text.bytes[start] == UInt8(ascii: "-") && (start + 1 == line.end || text.isSpace(text.bytes[start + 1])) {
                isItem = true
                while let top = stack.last, top.indent > indent || (top.indent == indent && top.key == nil) { stack.removeLast() }
                stack.append(Block(indent: indent, key: nil))
                let inner = text.skipSpaces(start + 1, line.end)
                indent = inner - line.start
                content = inner..<line.end
                if content.isEmpty { continue }
            } else {
                while let top = stack.last, top.indent >= indent { stack.removeLast() }
            }
            if stack.count > Self.maximumDepth {
                throw text.error(at: start, in: line, "blocks nested more than \(Self.maximumDepth) deep: not a 'libinput record' recording")
            }
            let path = stack.compactMap(\.key)
            if text.bytes[content.lowerBound] == UInt8(ascii: "[") {
                // A flow sequence as a sequence item: an event when under devices/events/evdev.
                if isItem && path == ["devices", "events", "evdev"] {
                    guard let d = device else {
                        throw text.error(at: content.lowerBound, in: line, "events before the device's 'node:'")
                    }
                    let numbers = try Self.flowNumbers(text, line, content, count: 5, what: "[seconds, microseconds, type, code, value]")
                    let (sec, usec, type, code, value) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4])
                    guard sec >= 0, sec <= 9_000_000_000, usec >= 0, usec < 1_000_000 else {
                        throw text.error(at: content.lowerBound, in: line, "expected a time of whole seconds and microseconds (0…999999), found \(sec) s and \(usec) µs")
                    }
                    guard type >= 0, type <= Int64(Evdev.maxType) else {
                        throw text.error(at: content.lowerBound, in: line, "unknown event type \(type) (types go up to \(Evdev.maxType))")
                    }
                    guard code >= 0, code <= Int64(Evdev.maxCode) else {
                        throw text.error(at: content.lowerBound, in: line, "unknown event code \(code) (codes go up to \(Evdev.maxCode))")
                    }
                    guard value >= Int64(Int32.min), value <= Int64(Int32.max) else {
                        throw text.error(at: content.lowerBound, in: line, "the value \(value) does not fit in 32 bits")
                    }
                    log.add(InputEvent(time: sec * 1_000_000_000 + usec * 1000, type: UInt16(type), code: UInt16(code),
                                       value: Int32(value), offset: content.lowerBound), device: d)
                }
                continue
            }
            // "key:" opens a block; "key: value" is a scalar (or a flow sequence).
            guard let colon = Self.keyColon(text, content) else {
                if path.first == "devices" && path.count <= 2 && !isItem {
                    throw text.error(at: content.lowerBound, in: line, "expected 'key: value' in the device description, found \(text.quoted(content))")
                }
                continue
            }
            let key = text.text(content.lowerBound..<colon)
            let valueStart = text.skipSpaces(colon + 1, line.end)
            let hasValue = valueStart < line.end && text.bytes[valueStart] != UInt8(ascii: "#")
            if indent == 0 && !isItem && key == "devices" { sawDevices = true }
            if isItem && path == ["devices"] {
                device = nil
            }
            if isItem && path == ["devices"] && key == "node" {
                guard hasValue else { throw text.error(at: colon, in: line, "expected the device node after 'node:'") }
                var name = text.text(valueStart..<Self.trimmedEnd(text, valueStart..<line.end))
                if name.count >= 2 && name.hasPrefix("\"") && name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
                device = log.devices.index(of: name)
            } else if path == ["devices", "evdev", "absinfo"] && hasValue {
                guard let code = text.int64(content.lowerBound..<colon), code >= 0, code <= Int64(Evdev.maxCode) else {
                    throw text.error(at: content.lowerBound, in: line, "expected an axis code before ':', found \(text.quoted(content.lowerBound..<colon))")
                }
                let numbers = try Self.flowNumbers(text, line, valueStart..<line.end, count: 5, what: "[min, max, fuzz, flat, resolution]")
                guard let d = device else { throw text.error(at: content.lowerBound, in: line, "an axis before the device's 'node:'") }
                guard let minimum = Int32(exactly: numbers[0]), let maximum = Int32(exactly: numbers[1]) else {
                    throw text.error(at: valueStart, in: line, "the range of axis \(code) does not fit in 32 bits")
                }
                log.devices[d].ranges[UInt16(code)] = AxisRange(minimum: minimum, maximum: maximum, in: text, at: content.lowerBound)
            }
            if !hasValue { stack.append(Block(indent: indent, key: key)) }
        }
    }

    /// The colon that ends a mapping key (followed by a space or the end of the line).
    private static func keyColon(_ text: LogText, _ content: Range<Int>) -> Int? {
        var i = content.lowerBound
        guard text.bytes[i] != UInt8(ascii: "\""), text.bytes[i] != UInt8(ascii: "{") else { return nil }
        while i < content.upperBound {
            let b = text.bytes[i]
            if b == UInt8(ascii: ":") && (i + 1 == content.upperBound || text.isSpace(text.bytes[i + 1])) { return i }
            if text.isSpace(b) { return nil }
            i += 1
        }
        return nil
    }

    /// The end of a scalar, before a ` # comment` and trailing spaces.
    private static func trimmedEnd(_ text: LogText, _ range: Range<Int>) -> Int {
        var end = range.upperBound
        var i = range.lowerBound
        while i < range.upperBound {
            if text.bytes[i] == UInt8(ascii: "#") && i > range.lowerBound && text.isSpace(text.bytes[i - 1]) {
                end = i
                break
            }
            i += 1
        }
        while end > range.lowerBound && text.isSpace(text.bytes[end - 1]) { end -= 1 }
        return end
    }

    /// `[a, b, c]` of whole numbers, then nothing or a comment.
    private static func flowNumbers(_ text: LogText, _ line: LogText.Line, _ range: Range<Int>, count: Int, what: String) throws(TraceErrors) -> [Int64] {
        guard range.lowerBound < range.upperBound, text.bytes[range.lowerBound] == UInt8(ascii: "["),
              let close = text.find("]", in: range) else {
            throw text.error(at: range.lowerBound, in: line, "expected \(what)")
        }
        let after = text.skipSpaces(close + 1, range.upperBound)
        guard after == range.upperBound || text.bytes[after] == UInt8(ascii: "#") else {
            throw text.error(at: after, in: line, "unexpected text after ']': \(text.quoted(after..<range.upperBound))")
        }
        var numbers: [Int64] = []
        var i = range.lowerBound + 1
        while i <= close {
            var end = i
            while end < close && text.bytes[end] != UInt8(ascii: ",") { end += 1 }
            let tokens = text.tokens(i..<end)
            guard tokens.count == 1, let n = text.int64(tokens[0]) else {
                throw text.error(at: text.skipSpaces(i, end), in: line, "expected \(what) of whole numbers, found \(text.quoted(text.skipSpaces(i, end)..<end))")
            }
            numbers.append(n)
            i = end + 1
        }
        guard numbers.count == count else {
            throw text.error(at: range.lowerBound, in: line, "expected \(what), found \(numbers.count) numbers")
        }
        return numbers
    }
}
