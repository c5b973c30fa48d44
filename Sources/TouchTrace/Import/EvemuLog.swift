/// `evemu-record` files: a device description, then one `E:` line per event.
///
/// ```
/// # EVEMU 1.3
/// N: Touchscreen
/// I: 0018 06cb 7e7e 0100
/// A: 35 0 1279 0 0 12
/// E: 0.000001 0003 0039 0001	# EV_ABS / ABS_MT_TRACKING_ID   1
/// E: 0.000001 0000 0000 0000	# ------------ SYN_REPORT (0) ---------- +0ms
/// ```
/// `A:` gives an axis (hexadecimal code) and its minimum, maximum, fuzz, flat and, since
/// evemu 1.1, resolution; old files have no `# EVEMU` line and four numbers. `E:` gives the
/// time in seconds, type and code in hexadecimal and the value in decimal. Other description
/// lines (`I:`, `P:`, `B:`, `L:`, `S:`) and `#` comments are skipped.
struct EvemuLog {
    /// The file's one device, as read so far.
    private var device = EvdevDevice(name: "the evemu device")
    private var named = false
    /// Where the device's events go: `log.events` when the device is collected (index 0).
    private var log = ParsedLog()

    /// Reads a whole text.
    static func parse(_ text: LogText) throws(TraceErrors) -> ParsedLog {
        var reader = EvemuLog()
        try reader.read(text)
        return reader.finish()
    }

    /// Reads with the events of the device (device 0) kept for the importer, or not.
    init(collecting: Bool = false) {
        log.collecting = collecting ? 0 : nil
    }

    /// The events read since the last call.
    mutating func takeEvents() -> [InputEvent] {
        defer { log.events.removeAll(keepingCapacity: true) }
        return log.events
    }

    /// The log read: its one device.
    func finish() -> ParsedLog {
        var result = log
        result.events = []
        let i = result.devices.index(of: device.name)
        result.devices[i] = device
        return result
    }

    /// Reads the lines of a text (a whole file, or the next window of one).
    mutating func read(_ text: LogText) throws(TraceErrors) {
        for line in text.lines {
            let start = text.skipSpaces(line.start, line.end)
            if start == line.end || text.bytes[start] == UInt8(ascii: "#") { continue }
            let content = start..<line.end
            guard content.count >= 2, text.bytes[start + 1] == UInt8(ascii: ":") else {
                throw text.error(at: start, in: line, "not an evemu-record line (E:, A:, N:, I:, P:, B:, L:, S: or a # comment): \(text.quoted(content))")
            }
            let rest = (start + 2)..<line.end
            switch text.bytes[start] {
            case UInt8(ascii: "N"):
                if !named {
                    let name = text.text(text.skipSpaces(rest.lowerBound, rest.upperBound)..<rest.upperBound)
                    if !name.isEmpty { device.name = name }
                    named = true
                }
            case UInt8(ascii: "I"), UInt8(ascii: "P"), UInt8(ascii: "B"), UInt8(ascii: "L"), UInt8(ascii: "S"):
                continue
            case UInt8(ascii: "A"):
                let tokens = Self.commentless(text, text.tokens(rest))
                guard tokens.count == 5 || tokens.count == 6 else {
                    throw text.error(at: rest.lowerBound, in: line, "expected 'A: CODE MIN MAX FUZZ FLAT [RESOLUTION]', found \(tokens.count) words")
                }
                guard let code = text.hex(tokens[0], maxDigits: 4), code <= UInt32(Evdev.maxCode) else {
                    throw text.error(at: tokens[0].lowerBound, in: line, "expected an axis code in hexadecimal, found \(text.quoted(tokens[0]))")
                }
                var numbers: [Int32] = []
                for token in tokens.dropFirst() {
                    guard let n = text.int32(token) else {
                        throw text.error(at: token.lowerBound, in: line, "expected a whole number, found \(text.quoted(token))")
                    }
                    numbers.append(n)
                }
                device.ranges[UInt16(code)] = AxisRange(minimum: numbers[0], maximum: numbers[1], in: text, at: tokens[0].lowerBound)
            case UInt8(ascii: "E"):
                let tokens = Self.commentless(text, text.tokens(rest))
                guard tokens.count == 4 else {
                    throw text.error(at: rest.lowerBound, in: line, "expected 'E: SECONDS TYPE CODE VALUE', found \(tokens.count) words")
                }
                guard let time = text.nanoseconds(tokens[0]) else {
                    throw text.error(at: tokens[0].lowerBound, in: line, "expected a time in seconds, found \(text.quoted(tokens[0]))")
                }
                guard let type = text.hex(tokens[1], maxDigits: 4), type <= UInt32(Evdev.maxType) else {
                    throw text.error(at: tokens[1].lowerBound, in: line, "unknown event type \(text.quoted(tokens[1])) (4 hexadecimal digits up to 001f)")
                }
                guard let code = text.hex(tokens[2], maxDigits: 4), code <= UInt32(Evdev.maxCode) else {
                    throw text.error(at: tokens[2].lowerBound, in: line, "unknown event code \(text.quoted(tokens[2])) (4 hexadecimal digits up to 02ff)")
                }
                guard let value = text.int32(tokens[3]) else {
                    throw text.error(at: tokens[3].lowerBound, in: line, "expected a decimal value, found \(text.quoted(tokens[3]))")
                }
                let event = InputEvent(time: time, type: UInt16(type), code: UInt16(code), value: value, offset: tokens[2].lowerBound)
                device.note(event)
                if log.collecting == 0 { log.events.append(event) }
            default:
                throw text.error(at: start, in: line, "not an evemu-record line (E:, A:, N:, I:, P:, B:, L:, S: or a # comment): \(text.quoted(content))")
            }
        }
    }

    /// The tokens before a `#` comment.
    private static func commentless(_ text: LogText, _ tokens: [Range<Int>]) -> [Range<Int>] {
        guard let hash = tokens.firstIndex(where: { text.bytes[$0.lowerBound] == UInt8(ascii: "#") }) else { return tokens }
        return Array(tokens[..<hash])
    }
}
