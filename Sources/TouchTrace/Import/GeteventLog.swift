/// Android's `getevent` output: `getevent -lt` events, with or without device paths, and
/// `getevent -p` / `-lp` device descriptions whose `ABS` lines give the axis ranges.
///
/// ```
/// add device 1: /dev/input/event2
///   name:     "touchscreen"
///   events:
///     ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
///                 ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
/// [   74366.364227] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000e4a
/// [   74366.364227] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
/// ```
/// Types and codes are names (`-l`) or four hexadecimal digits; values are eight hexadecimal
/// digits (a 32-bit two's complement: `ffffffff` is −1), or `DOWN`, `UP`, `REPEAT` for keys and
/// `MT_TOOL_FINGER`, `MT_TOOL_PEN`, `MT_TOOL_PALM`, `MT_TOOL_DIAL` for `ABS_MT_TOOL_TYPE`;
/// `getevent -r` adds `rate N` after some lines.
struct GeteventLog {
    /// The name of the one device of a log printed without device paths.
    static let unnamedDeviceName = "the recorded device"

    /// What has been read so far.
    var log = ParsedLog()
    /// The device of the range dump being read.
    private var dumpDevice: Int?
    private var names = NameCache()

    /// Reads a whole text.
    static func parse(_ text: LogText) throws(TraceErrors) -> ParsedLog {
        var reader = GeteventLog()
        try reader.read(text)
        return reader.log
    }

    /// Reads the lines of a text (a whole file, or the next window of one).
    mutating func read(_ text: LogText) throws(TraceErrors) {
        for line in text.lines {
            let start = text.skipSpaces(line.start, line.end)
            if start == line.end { continue }
            let content = start..<line.end
            if text.bytes[start] == UInt8(ascii: "[") {
                try Self.readEvent(text, line, from: start, into: &log, names: &names)
            } else if start == line.start {
                if text.starts(content, with: "add device") {
                    guard let colon = text.find(":", in: content) else {
                        throw text.error(at: start, in: line, "expected 'add device N: PATH'")
                    }
                    let path = text.tokens((colon + 1)..<line.end)
                    guard path.count == 1 else {
                        throw text.error(at: colon + 1, in: line, "expected one device path after 'add device N:'")
                    }
                    dumpDevice = log.devices.index(of: text.text(path[0]))
                } else if text.starts(content, with: "remove device") || text.starts(content, with: "could not") {
                    continue
                } else if text.starts(content, with: "/dev/") {
                    throw text.error(at: start, in: line, "an event without a time: record with 'getevent -lt' (-t prints the times a trace needs)")
                } else {
                    throw text.error(at: start, in: line, "not a line of 'getevent -lt' or 'getevent -lp': \(text.quoted(content))")
                }
            } else if let device = dumpDevice, let value = text.find(": value", in: content) {
                try Self.readRange(text, line, content, value: value, into: &log.devices[device])
            }
        }
    }

    /// `[   74366.364227] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 0000021c`
    private static func readEvent(_ text: LogText, _ line: LogText.Line, from start: Int, into log: inout ParsedLog,
                                  names: inout NameCache) throws(TraceErrors) {
        guard let close = text.find("]", in: start..<line.end) else {
            throw text.error(at: start, in: line, "expected a time in brackets, as '[   74366.364227]'")
        }
        let timeTokens = text.tokens((start + 1)..<close)
        guard timeTokens.count == 1, let time = text.nanoseconds(timeTokens[0]) else {
            throw text.error(at: start + 1, in: line, "expected a time in seconds in brackets, found \(text.quoted((start + 1)..<close))")
        }
        var tokens = text.tokens((close + 1)..<line.end)
        // `getevent -r` ends a SYN_REPORT line with the event rate: `rate 120`.
        if tokens.count >= 5, text.text(tokens[tokens.count - 2]) == "rate", text.int64(tokens[tokens.count - 1]) != nil {
            tokens.removeLast(2)
        }
        var deviceIndex: Int
        if tokens.count == 4 {
            let path = tokens.removeFirst()
            guard path.count > 1, text.bytes[path.upperBound - 1] == UInt8(ascii: ":") else {
                throw text.error(at: path.lowerBound, in: line, "expected a device path and ':' before the event, found \(text.quoted(path))")
            }
            let pathBytes = path.lowerBound..<(path.upperBound - 1)
            if let known = names.lookUp(text, pathBytes, kind: 0) {
                deviceIndex = Int(known)
            } else {
                deviceIndex = log.devices.index(of: text.text(pathBytes))
                names.store(text, pathBytes, kind: 0, Int32(deviceIndex))
            }
        } else if tokens.count == 3 {
            deviceIndex = log.devices.index(of: unnamedDeviceName)
            log.unnamedDevice = deviceIndex
        } else {
            throw text.error(at: close + 1, in: line, "expected TYPE CODE VALUE after the time (with the device path first when getevent prints it), found \(tokens.count) words")
        }
        let (typeToken, codeToken, valueToken) = (tokens[0], tokens[1], tokens[2])
        let type: UInt16
        if let known = names.lookUp(text, typeToken, kind: 1) {
            type = UInt16(known)
        } else if let named = Evdev.type(named: text.text(typeToken)[...]) {
            type = named
            names.store(text, typeToken, kind: 1, Int32(named))
        } else if typeToken.count == 4, let number = text.hex(typeToken, maxDigits: 4), number <= UInt32(Evdev.maxType) {
            type = UInt16(number)
        } else {
            throw text.error(at: typeToken.lowerBound, in: line, "unknown event type \(text.quoted(typeToken)) (names: \(Evdev.typeNames.map(\.0).joined(separator: ", ")), or 4 hexadecimal digits)")
        }
        let code: UInt16
        if let known = names.lookUp(text, codeToken, kind: 2 + Int(type)) {
            code = UInt16(known)
        } else if let named = Evdev.code(named: text.text(codeToken)[...], type: type) {
            code = named
            names.store(text, codeToken, kind: 2 + Int(type), Int32(named))
        } else if codeToken.count == 4, let number = text.hex(codeToken, maxDigits: 4), number <= UInt32(Evdev.maxCode) {
            code = UInt16(number)
        } else {
            throw text.error(at: codeToken.lowerBound, in: line, "unknown event code \(text.quoted(codeToken)) for \(Evdev.typeName(type))")
        }
        let value: Int32
        // With -l, key values are words (DOWN, UP, REPEAT) and tool types are MT_TOOL_ names,
        // never 8 characters long as a value in hexadecimal is.
        let label = valueToken.count != 8 && (type == Evdev.key || (type == Evdev.abs && code == Evdev.absMTToolType)) ? text.text(valueToken) : ""
        switch label {
        case "DOWN" where type == Evdev.key: value = 1
        case "UP" where type == Evdev.key: value = 0
        case "REPEAT" where type == Evdev.key: value = 2
        case _ where label.hasPrefix("MT_TOOL_"):
            guard let known = Evdev.toolTypeNames.first(where: { $0.0 == label }) else {
                throw text.error(at: valueToken.lowerBound, in: line, "unknown tool type \(text.quoted(valueToken)) (\(Evdev.toolTypeNames.map(\.0).joined(separator: ", ")), or 8 hexadecimal digits)")
            }
            value = known.1
        default:
            guard let number = text.hex(valueToken, maxDigits: 8), line.terminated || valueToken.count == 8 else {
                throw text.error(at: valueToken.lowerBound, in: line, "expected a value of 8 hexadecimal digits, found \(text.quoted(valueToken))")
            }
            value = Int32(bitPattern: number)
        }
        log.add(InputEvent(time: time, type: type, code: code, value: value, offset: codeToken.lowerBound), device: deviceIndex)
    }

    /// `ABS (0003): ABS_MT_POSITION_X : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0`
    /// (codes as names with `-lp`, as 4 hexadecimal digits with `-p`; older versions have no
    /// `resolution`).
    private static func readRange(_ text: LogText, _ line: LogText.Line, _ content: Range<Int>, value: Int, into device: inout EvdevDevice) throws(TraceErrors) {
        guard let codeToken = text.tokens(content.lowerBound..<value).last else {
            throw text.error(at: content.lowerBound, in: line, "expected an axis before ': value'")
        }
        let code: UInt16
        if let named = Evdev.code(named: text.text(codeToken)[...], type: Evdev.abs) {
            code = named
        } else if let number = text.hex(codeToken, maxDigits: 4), number <= UInt32(Evdev.maxCode) {
            code = UInt16(number)
        } else {
            throw text.error(at: codeToken.lowerBound, in: line, "unknown axis \(text.quoted(codeToken)) (an ABS_ name or 4 hexadecimal digits)")
        }
        func number(_ key: String) throws(TraceErrors) -> Int32 {
            guard let at = text.find(key + " ", in: value..<line.end) else {
                throw text.error(at: value, in: line, "expected '\(key) N' in the range of \(Evdev.codeName(type: Evdev.abs, code: code))")
            }
            var end = at + key.count + 1
            while end < line.end && text.bytes[end] != UInt8(ascii: ",") { end += 1 }
            let digits = text.tokens((at + key.count + 1)..<end)
            guard digits.count == 1, let n = text.int32(digits[0]) else {
                throw text.error(at: at + key.count + 1, in: line, "expected a whole number after '\(key)', found \(text.quoted((at + key.count + 1)..<end))")
            }
            return n
        }
        let minimum = try number("min")
        let maximum = try number("max")
        device.ranges[code] = AxisRange(minimum: minimum, maximum: maximum, in: text, at: codeToken.lowerBound)
    }
}

/// Names already looked up in a log (device paths, type and code names), by their bytes: a log
/// repeats a handful of names on every line, and turning each into a `String` to look it up
/// was most of the time of reading one.
struct NameCache {
    private var entries: [UInt64: (bytes: [UInt8], value: Int32)] = [:]

    private func key(_ text: LogText, _ range: Range<Int>, kind: Int) -> UInt64 {
        var hash = FNV1a(salt: UInt64(kind))
        for i in range { hash.add(text.bytes[i]) }
        return hash.value
    }

    func lookUp(_ text: LogText, _ range: Range<Int>, kind: Int) -> Int32? {
        guard let entry = entries[key(text, range, kind: kind)], entry.bytes.count == range.count else { return nil }
        var i = range.lowerBound
        for b in entry.bytes {
            if text.bytes[i] != b { return nil }
            i += 1
        }
        return entry.value
    }

    mutating func store(_ text: LogText, _ range: Range<Int>, kind: Int, _ value: Int32) {
        entries[key(text, range, kind: kind)] = (Array(text.bytes[range]), value)
    }
}
