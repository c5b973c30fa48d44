import Testing
@testable import TouchTrace

/// The layout a reader learns from a trace's own events reads every event as the plain steps
/// read it: the same events (every value, offset, slot and serial), the same warnings and the
/// same problems at the same line:column, whatever the layout (indented with 0, 2 or 4 spaces
/// or a tab, LF or CRLF, separators with or without spaces, keys in any order, with force and
/// majorRadius or unknown keys), when the layout changes midway and when problems come late.
@Suite struct LearnedLayoutTests {
    /// Every touch of every event, with all it carries.
    struct FullLog: LineLog {
        var lines: [String] = []

        mutating func consume(_ event: borrowing TouchEvent) {
            lines.append("event \(event.index) \(event.t.bitPattern) \(event.touches.count)")
            for touch in event.touches {
                lines.append("\(touch.id) \(touch.phase) \(touch.location.x.bitPattern) \(touch.location.y.bitPattern) "
                             + "\(String(describing: touch.force?.bitPattern)) \(String(describing: touch.majorRadius?.bitPattern)) "
                             + "\(touch.slot) \(touch.serial) \(touch.offset)")
            }
        }

        /// (None: the events of a part read on the other thread are numbered from the part's
        /// start, and where parts start depends on the threads' speeds.)
        static func emptyForLaterPart() -> FullLog? { nil }
    }

    /// The events, summary and problems of reading `text` with `options` (learning layouts or
    /// not), then the events of a second pass.
    static func read(_ text: String, options: TraceReadOptions, learns: Bool) -> [String] {
        var options = options
        options.learnsLayouts = learns
        return wholeReading(text, options: options, loggedAs: FullLog.self)
    }

    /// How a stretch of a trace is written.
    struct Style {
        var indent: String
        var lineEnd: String
        var afterComma: String
        var afterColon: String
        /// The touch's keys in order (`id`, `phase`, `x`, `y`, and perhaps `force`,
        /// `majorRadius` or an unknown key), and whether `t` comes before `touches`.
        var touchKeys: [String]
        var timeFirst: Bool
        var eventExtra: Bool

        static func random(_ random: inout SplitMix64) -> Style {
            let indents = ["", "", "  ", "    ", "\t"]
            var keys = ["id", "phase", "x", "y"]
            if random.int(0...2) == 0 { keys += ["force", "majorRadius"] }
            if random.int(0...3) == 0 { keys.append("pointerType") }
            if random.int(0...2) == 0 {
                for i in stride(from: keys.count - 1, to: 0, by: -1) { keys.swapAt(i, random.int(0...i)) }
            }
            return Style(indent: indents[random.int(0...indents.count - 1)], lineEnd: random.int(0...2) == 0 ? "\r\n" : "\n",
                         afterComma: random.int(0...1) == 0 ? " " : "", afterColon: random.int(0...1) == 0 ? " " : "",
                         touchKeys: keys, timeFirst: random.int(0...5) != 0, eventExtra: random.int(0...6) == 0)
        }

        /// An object or array laid out at `level`: on one line when there is no indentation.
        func lay(_ open: String, _ items: [String], _ close: String, level: Int) -> String {
            if items.isEmpty { return open + close }
            if indent.isEmpty { return open + items.joined(separator: "," + afterComma) + close }
            let inner = lineEnd + String(repeating: indent, count: level + 1)
            return open + inner + items.joined(separator: "," + inner) + lineEnd + String(repeating: indent, count: level) + close
        }

        func member(_ key: String, _ value: String) -> String { "\"\(key)\":" + afterColon + value }
    }

    /// A trace of events in stretches of a few styles, its touches alive as touches are, now and
    /// then (late in the trace, more often) with a problem or spoilt.
    static func trace(_ random: inout SplitMix64) -> String {
        var styles = [Style.random(&random)]
        for _ in 0..<random.int(0...2) { styles.append(Style.random(&random)) }
        var events: [String] = []
        var down: [Int] = []
        var t = 0.0
        let count = random.int(1...90)
        let troubleFrom = random.int(0...count * 2)
        // Now and then coordinates as a double's shortest digits, as Python and browsers write
        // them (`1142.857142857143`), which the learned layout reads in the long form.
        let longNumbers = random.int(0...3) == 0
        let wrap = styles[0]
        for e in 0..<count {
            let style = styles[min(styles.count - 1, e * styles.count / count)]
            let trouble = e >= troubleFrom && random.int(0...6) == 0
            var next: [Int] = []
            for id in down { next.append(id) }
            while next.count < random.int(1...10) { next.append(random.int(1...12)) }
            next = Array(Set(next)).sorted()
            var touches: [String] = []
            for id in next {
                var phase = down.contains(id) ? (random.int(0...6) == 0 ? "ended" : "moved") : "began"
                var idText = id > 10 ? "\"f\(id)\"" : "\(id)"
                var x = longNumbers ? "\(Double(random.int(0...8000)) / 7)" : "\(Double(random.int(0...8000)) / 16)"
                var y = longNumbers ? "\(Double(random.int(-80...8000)) / 3)" : "\(Double(random.int(-80...8000)) / 8)"
                var keys = style.touchKeys
                if trouble && id == next.first {
                    switch random.int(0...9) {
                    case 0: phase = "hovering"
                    case 1: x = "1e8"
                    case 2: idText = "1.5"
                    case 3: keys.removeAll { $0 == "y" }
                    case 4: keys.append("x")
                    case 5: keys.append("pressure")
                    case 6: y = "\"7\""
                    case 7: idText = "\"a\\u0041\""
                    case 8: x = "12.5e1"
                    default: keys.insert("force", at: 0); x = "-0.0"
                    }
                }
                if phase == "ended" { next.removeAll { $0 == id } }
                let members = keys.map { key -> String in
                    switch key {
                    case "id": return style.member(key, idText)
                    case "phase": return style.member(key, "\"\(phase)\"")
                    case "x": return style.member(key, x)
                    case "y": return style.member(key, y)
                    case "force": return style.member(key, "\(Double(random.int(0...64)) / 16)")
                    case "majorRadius": return style.member(key, "\(random.int(1...40))")
                    case "pointerType": return style.member(key, random.int(0...3) == 0 ? "\"pen\"" : "\"touch\"")
                    default: return style.member(key, "[1, {\"a\": null}]")
                    }
                }
                touches.append(style.lay("{", members, "}", level: 4))
            }
            down = next
            t += trouble && random.int(0...3) == 0 ? -0.5 : Double(random.int(0...3)) / 128
            var members = [style.member("t", "\(t)"), style.member("touches", style.lay("[", touches, "]", level: 3))]
            if !style.timeFirst { members.reverse() }
            if style.eventExtra { members.append(style.member("frame", "\(e)")) }
            events.append(style.lay("{", members, "}", level: 2))
        }
        var text = wrap.lay("{", [wrap.member("version", "1"), wrap.member("events", wrap.lay("[", events, "]", level: 1))], "}", level: 0)
        if troubleFrom < count && random.int(0...4) == 0 {
            var bytes = Array(text.utf8)
            if random.int(0...1) == 0 {
                bytes.removeLast(random.int(1...min(60, bytes.count)))
            } else {
                let commas = bytes.indices.filter { bytes[$0] == UInt8(ascii: ",") && $0 > bytes.count / 2 }
                if !commas.isEmpty { bytes.remove(at: commas[random.int(0...commas.count - 1)]) }
            }
            text = String(decoding: bytes, as: UTF8.self)
        }
        return text
    }

    @Test func learnedLayoutsReadAsThePlainSteps() {
        var random = SplitMix64(state: 97)
        var read = 0
        var troubled = 0
        for round in 0..<300 {
            let text = Self.trace(&random)
            for (m, options) in ShapesTests.modes.enumerated() {
                let reference = Self.read(text, options: options, learns: false)
                #expect(Self.read(text, options: options, learns: true) == reference, "round \(round), mode \(m)\n\(text)")
            }
            if Self.read(text, options: TraceReadOptions(), learns: false).first?.hasPrefix("test.trace.json:") == true { troubled += 1 } else { read += 1 }
        }
        // Traces that read and traces with problems are both met.
        #expect(read >= 30 && troubled >= 30, "\(read) read, \(troubled) with problems")
    }

    /// The layout is learned and reads the events of a file written in one layout, and is
    /// learned again when the layout changes for good.
    @Test func theLayoutIsLearnedAndLearnedAgain() throws {
        var random = SplitMix64(state: 5)
        for round in 0..<40 {
            var style = Style.random(&random)
            // (A minified layout is not learned: the plain steps read it as fast.)
            style.indent = "    "
            style.eventExtra = false
            style.touchKeys.removeAll { $0 == "pointerType" }
            var other = Style.random(&random)
            other.eventExtra = false
            other.touchKeys.removeAll { $0 == "pointerType" }
            other.indent = style.indent == "\t" ? "  " : "\t"
            var events: [String] = []
            for e in 0..<60 {
                let s = e < 30 ? style : other
                let phase = e == 0 ? "began" : "moved"
                let members = s.touchKeys.map { key -> String in
                    key == "id" ? s.member(key, "1") : key == "phase" ? s.member(key, "\"\(phase)\"") : s.member(key, "\(Double(e) / 4)")
                }
                var event = [s.member("t", "\(Double(e) / 100)"), s.member("touches", s.lay("[", [s.lay("{", members, "}", level: 4)], "]", level: 3))]
                if !s.timeFirst { event.reverse() }
                events.append(s.lay("{", event, "}", level: 2))
            }
            let text = style.lay("{", [style.member("version", "1"), style.member("events", style.lay("[", events, "]", level: 1))], "}", level: 0)
            let source = SourceFile(path: "test.trace.json", bytes: Array(text.utf8))
            var reader = TraceReader(source: source, options: TraceReadOptions())
            var log = FullLog()
            _ = try reader.read(consumer: &log)
            // The second layout was learned (the first was forgotten) and has read events.
            #expect(reader.layout.isLearned && reader.layout.paid, "round \(round)\n\(text)")
            var plainOptions = TraceReadOptions()
            plainOptions.learnsLayouts = false
            var plain = TraceReader(source: source, options: plainOptions)
            var plainLog = FullLog()
            _ = try plain.read(consumer: &plainLog)
            #expect(!plain.layout.isLearned && log.lines == plainLog.lines && log.lines.count >= 120)
        }
    }

    /// A layout that could not be learned, or that read nothing, leaves the next events to the
    /// plain steps, longer each time (counted in events: the reader compares an event's index
    /// with `tryFrom` and nothing else); one that paid is learned again from the event that
    /// missed last; a reader that does not learn never tries.
    @Test func fruitlessLayoutsWaitLongerEachTime() {
        var layout = LearnedLayout()
        #expect(layout.tryFrom == 0 && layout.wantsLearning(at: 0))
        layout.fruitless(at: 10)
        #expect(layout.tryFrom == 11 && !layout.wantsLearning(at: 10) && layout.wantsLearning(at: 11))
        layout.fruitless(at: 11)
        #expect(layout.tryFrom == 28 && !layout.wantsLearning(at: 27) && layout.wantsLearning(at: 28))
        layout.fruitless(at: 28)
        #expect(layout.tryFrom == 61)
        for _ in 0..<40 { layout.fruitless(at: 100) }
        #expect(layout.tryFrom == 101 + LearnedLayout.longestPause)

        // Learned and paid: forgotten after `missLimit` misses in a row, learned again at once.
        var paid = LearnedLayout()
        paid.isLearned = true
        paid.tryFrom = .min
        for _ in 0..<100 { paid.hit() }
        for k in 0..<LearnedLayout.missLimit {
            #expect(paid.isLearned && paid.tryFrom == .min)
            paid.missed(at: 200 + k)
        }
        let last = 200 + LearnedLayout.missLimit - 1
        #expect(!paid.isLearned && paid.tryFrom == last && paid.wantsLearning(at: last))

        // Learned and never read an event: the next try waits.
        var unpaid = LearnedLayout()
        unpaid.isLearned = true
        unpaid.tryFrom = .min
        unpaid.nextPause = 64
        for k in 0..<LearnedLayout.missLimit { unpaid.missed(at: 300 + k) }
        #expect(!unpaid.isLearned && unpaid.tryFrom == 300 + LearnedLayout.missLimit + 64 && unpaid.nextPause == 128)

        var off = LearnedLayout()
        off.learns = false
        off.fruitless(at: 5)
        #expect(off.tryFrom == .max && !off.wantsLearning(at: .max))
        var plainOptions = TraceReadOptions()
        plainOptions.learnsLayouts = false
        #expect(TraceReader(source: SourceFile(path: "t", bytes: []), options: plainOptions).layout.tryFrom == .max)
    }

    /// A layout is learned only from an event with whitespace between its values: a minified
    /// event is passed over before its runs are taken, and its trace reads as the plain steps read it.
    @Test func minifiedEventsAreNotLearnedFrom() throws {
        let minified = #"{"t":0.5,"touches":[{"id":1,"phase":"began","x":1,"y":2}]}"#
        let spaced = #"{"t": 0.5, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 2}]}"#
        let quoted = #"{"t":0.5,"touches":[{"id":"a b","phase":"began","x":1,"y":2}]}"#
        for (text, expected) in [(minified, false), (spaced, true), (quoted, true), ("\n" + minified, true)] {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let cursor = JSONCursor(buffer, from: bytes.count)
                #expect(TraceReader.holdsWhitespace(cursor, from: 0) == expected, "\(text)")
                #expect(!TraceReader.holdsWhitespace(cursor, from: bytes.count))
            }
        }
        let events = (0..<60).map { e in
            #"{"t":\#(Double(e) / 100),"touches":[{"id":1,"phase":"\#(e == 0 ? "began" : "moved")","x":\#(e),"y":2}]}"#
        }
        let text = #"{"version":1,"events":["# + events.joined(separator: ",") + "]}"
        let source = SourceFile(path: "test.trace.json", bytes: Array(text.utf8))
        var reader = TraceReader(source: source, options: TraceReadOptions())
        var log = FullLog()
        _ = try reader.read(consumer: &log)
        #expect(!reader.layout.isLearned && reader.layout.runs.count == 0)
        #expect(Self.read(text, options: TraceReadOptions(), learns: true) == Self.read(text, options: TraceReadOptions(), learns: false))
    }

    /// Runs are matched byte for byte, whatever their length and wherever they lie, and not
    /// past the end of the buffer.
    @Test func runsMatchTheirBytesOnly() {
        var random = SplitMix64(state: 3)
        for _ in 0..<3000 {
            let bytes: [UInt8] = (0..<random.int(0...40)).map { _ in [0x20, 0x0A, 0x22, 0x61, 0x2C][random.int(0...4)] }
            let from = random.int(0...bytes.count)
            let to = random.int(from...bytes.count)
            let at = random.int(0...bytes.count)
            bytes.withUnsafeBufferPointer { buffer in
                var runs = LearnedRuns()
                let cursor = JSONCursor(buffer)
                let run = runs.append(cursor, from: from, to: to)
                #expect(run == 0 && runs.bytes(of: 0) == Array(bytes[from..<to]))
                var c = JSONCursor(buffer, from: at)
                let length = to - from
                // Whole words are read: the first, and those of the bytes after the first eight.
                let expected = at + length <= bytes.count && Array(bytes[at..<at + length]) == Array(bytes[from..<to])
                    && at + 8 <= bytes.count && (length <= 8 || at + 8 + (length - 1) / 8 * 8 <= bytes.count)
                #expect(c.skipRun(0, of: runs) == expected)
                #expect(c.pos == (expected ? at + length : at))
            }
        }
    }

    /// The numbers a learned layout reads as its own (`learnedNumberValue`, and
    /// `smallIntegerBeforeComma` for ids) are those `numberIfPresent` reads: the same value and
    /// the same end wherever a delimiter follows (a run after a value starts with one, and
    /// nothing else can match it), the same error, and nil, nothing consumed, where it gives
    /// nil; also in the last bytes of the buffer.
    @Test func learnedNumbersReadAsNumberIfPresent() {
        var random = SplitMix64(state: 11)
        let pieces = ["0", "1", "7", "9", "12", "305", "-", ".", "e", "E", "+", "00", "1234567", "12345678", "0.5",
                      "359.85", "0.000001", "1.25e3", "9.87654321", ",", "}", "]", " ", "\n", "\r", "\t", "x", "\"",
                      "0.012702062067888584", "164.036050589186", "1.0489231702320511", "0123456789012345678"]
        let delimiters: Set<UInt8> = [0x2C, 0x7D, 0x5D, 0x20, 0x0A, 0x0D, 0x09]
        func outcome(_ body: () throws(ParseFailure) -> Double?) -> String {
            do throws(ParseFailure) {
                return try body().map { "\($0.bitPattern)" } ?? "nil"
            } catch {
                return "error \(error.offset) \(error.message)"
            }
        }
        for _ in 0..<20000 {
            let text = (0..<random.int(1...5)).map { _ in pieces[random.int(0...pieces.count - 1)] }.joined()
            let bytes = Array(text.utf8)
            // Sometimes the bytes end the buffer; sometimes padding follows.
            // (Up to 64 bytes: the long form reads a number only where 48 follow its start.)
            let buffer = bytes + (random.int(0...1) == 0 ? [] : Array(repeating: UInt8(ascii: " "), count: random.int(1...64)))
            buffer.withUnsafeBufferPointer { buffer in
                var learned = JSONCursor(buffer)
                var reference = JSONCursor(buffer)
                let got = outcome { () throws(ParseFailure) -> Double? in try learned.learnedNumberValue() }
                let expected = outcome { () throws(ParseFailure) -> Double? in try reference.numberIfPresent()?.value }
                if got == "nil" || got.hasPrefix("error") {
                    #expect(got == expected && (got != "nil" || learned.pos == 0), "\(text)")
                } else if learned.atEnd || delimiters.contains(learned.current) {
                    #expect(got == expected && learned.pos == reference.pos, "\(text)")
                }
                var small = JSONCursor(buffer)
                var integer = JSONCursor(buffer)
                if let n = small.smallIntegerBeforeComma() {
                    let m = try? integer.numberIfPresent()
                    #expect(m?.integer == n && small.pos == integer.pos && small.current == UInt8(ascii: ","), "\(text)")
                } else {
                    #expect(small.pos == 0)
                }
            }
        }
    }

    /// A trace in a learned layout that ends right after its last event, so that the last
    /// runs and values lie in the last bytes of the file (where a match or a number falls back
    /// to the careful steps), reads as the plain steps read it, with numbers of every form, whole
    /// and cut short.
    @Test func learnedLayoutsReadToTheLastByte() throws {
        var random = SplitMix64(state: 23)
        let values = ["1", "12345678", "-3", "0", "359.85", "0.000001", "2.5e2", "1E1", "9.87654321", "-0.0", "123456.5"]
        for round in 0..<200 {
            var style = Style.random(&random)
            style.indent = ["  ", "    ", "\t"][random.int(0...2)]
            style.eventExtra = false
            var events: [String] = []
            let count = random.int(12...30)
            for e in 0..<count {
                let phase = e == 0 ? "began" : "moved"
                let members = style.touchKeys.map { key -> String in
                    switch key {
                    case "id": return style.member(key, e > count - 4 ? values[random.int(0...3)] : "1")
                    case "phase": return style.member(key, "\"\(phase)\"")
                    case "pointerType": return style.member(key, "\"pen\"")
                    default: return style.member(key, e > count - 6 ? values[random.int(4...values.count - 1)] : "\(Double(e) / 4)")
                    }
                }
                var event = [style.member("t", "\(Double(e) / 100)"), style.member("touches", style.lay("[", [style.lay("{", members, "}", level: 4)], "]", level: 3))]
                if !style.timeFirst { event.reverse() }
                events.append(style.lay("{", event, "}", level: 2))
            }
            // No line end after the closing bytes; sometimes cut within the last event.
            var text = #"{"version": 1, "events": ["# + events.joined(separator: ",") + "]}"
            if random.int(0...2) == 0 { text = String(text.dropLast(random.int(1...40))) }
            #expect(Self.read(text, options: TraceReadOptions(), learns: true) == Self.read(text, options: TraceReadOptions(), learns: false),
                    "round \(round)\n\(text)")
        }
    }
}
