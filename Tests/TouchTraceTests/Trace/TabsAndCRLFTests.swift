import Testing
@testable import TouchTrace

/// Traces indented with tabs (as `JSON.stringify(x, null, "\t")` writes them) and with CRLF
/// line ends (as Windows tools write them) read as their twins with spaces: the same events,
/// warnings and problems, at the same line:column. The twin is the same text with every tab and
/// carriage return replaced by a space: the same number of bytes and the same lines (only a
/// line feed ends a line, and a tab, a carriage return and a space each count one column), so
/// every message must be the same, word for word.
@Suite struct TabsAndCRLFTests {
    /// The twin of `text`: each tab and carriage return a space.
    static func spaced(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 == 0x09 || $0 == 0x0D ? 0x20 : $0 }, as: UTF8.self)
    }

    /// A JSON value to lay out: an object (keys in order), an array (laid out over lines, or on
    /// one line as a stroke's point is), or a value's text as it stands.
    indirect enum Value {
        case object([(String, Value)])
        case array([Value], oneLine: Bool)
        case text(String)
    }

    /// How a layout spaces a file: the line end, one level of indentation and what follows a
    /// colon, each drawn anew where it is written when the layout mixes them.
    struct Layout {
        var lineEnds: [String]
        var indents: [String]
        var afterColon: [String]
        var afterComma: [String]
    }

    static let layouts: [Layout] = [
        // JSON.stringify(x, null, "\t").
        Layout(lineEnds: ["\n"], indents: ["\t"], afterColon: [" "], afterComma: [" "]),
        // Two spaces and CRLF line ends.
        Layout(lineEnds: ["\r\n"], indents: ["  "], afterColon: [" "], afterComma: [" "]),
        // Tabs and CRLF.
        Layout(lineEnds: ["\r\n"], indents: ["\t"], afterColon: [" "], afterComma: [" "]),
        // Runs longer than eight bytes and every mix, tabs after colons and commas, spaces before
        // line ends.
        Layout(lineEnds: ["\n", "\r\n", " \r\n", "\t\n", "\r\n\r\n"], indents: ["\t\t\t", "\t ", " \t", "    ", "\t"],
               afterColon: [" ", "\t", "", "\t\t", " \t"], afterComma: [" ", "\t", "", "\r\n\t"]),
    ]

    static func pick(_ choices: [String], _ random: inout SplitMix64) -> String {
        choices[random.int(0...choices.count - 1)]
    }

    /// `value` laid out at `level` of indentation.
    static func write(_ value: Value, level: Int, _ layout: Layout, _ random: inout SplitMix64) -> String {
        func lineAt(_ level: Int) -> String {
            var text = pick(layout.lineEnds, &random)
            for _ in 0..<level { text += pick(layout.indents, &random) }
            return text
        }
        switch value {
        case .text(let text):
            return text
        case .array(let elements, let oneLine):
            if elements.isEmpty { return "[]" }
            if oneLine {
                return "[" + elements.map { write($0, level: level, layout, &random) }
                    .joined(separator: "," + pick(layout.afterComma, &random)) + "]"
            }
            var text = "["
            for (i, element) in elements.enumerated() {
                text += (i == 0 ? "" : ",") + lineAt(level + 1) + write(element, level: level + 1, layout, &random)
            }
            return text + lineAt(level) + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            var text = "{"
            for (i, (key, member)) in members.enumerated() {
                text += (i == 0 ? "" : ",") + lineAt(level + 1) + "\"\(key)\":" + pick(layout.afterColon, &random)
                    + write(member, level: level + 1, layout, &random)
            }
            return text + lineAt(level) + "}"
        }
    }

    /// The same text spoilt now and then, at a place `random` picks: cut short (so that reading
    /// ends inside the whitespace near the end of the buffer as well), a whitespace byte made a
    /// form feed (not whitespace in JSON), or a comma left out.
    static func spoil(_ text: String, _ random: inout SplitMix64) -> String {
        var bytes = Array(text.utf8)
        switch random.int(0...5) {
        case 0:
            bytes.removeLast(random.int(1...min(40, bytes.count)))
        case 1:
            let places = bytes.indices.filter { bytes[$0] == 0x09 || bytes[$0] == 0x0D || bytes[$0] == 0x20 }
            if !places.isEmpty { bytes[places[random.int(0...places.count - 1)]] = 0x0C }
        case 2:
            let places = bytes.indices.filter { bytes[$0] == UInt8(ascii: ",") }
            if !places.isEmpty { bytes.remove(at: places[random.int(0...places.count - 1)]) }
        default:
            break
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Events now and then with a problem (a phase touchtrace does not know, a time going back)
    /// or another key, in every layout, whole and spoilt, in every mode (one thread and two).
    @Test func eventsReadAsTheirTwinsWithSpaces() {
        var random = SplitMix64(state: 71)
        var read = 0
        var troubled = 0
        for round in 0..<160 {
            let layout = Self.layouts[round % Self.layouts.count]
            var events: [Value] = []
            var down: [Int] = []
            var t = 0.0
            for _ in 0..<random.int(1...40) {
                var next: [Int] = []
                for id in down where random.int(0...5) != 0 { next.append(id) }
                if next.count < 3 && random.int(0...2) == 0 { next.append(random.int(1...9)) }
                var touches: [Value] = []
                for id in Array(Set(next)).sorted() {
                    let phase = random.int(0...80) == 0 ? "hovering" : (down.contains(id) ? (random.int(0...6) == 0 ? "ended" : "moved") : "began")
                    var members: [(String, Value)] = [("id", .text("\(id)")), ("phase", .text("\"\(phase)\"")),
                                                      ("x", .text("\(Double(random.int(0...800)) / 4)")),
                                                      ("y", .text("\(Double(random.int(0...800)) / 8)"))]
                    if random.int(0...10) == 0 { members.append(("pointerType", .text("\"touch\""))) }
                    touches.append(.object(members))
                }
                down = Array(Set(next)).sorted()
                t += random.int(0...60) == 0 ? -0.01 : Double(random.int(0...2)) / 100
                var members: [(String, Value)] = [("t", .text("\(t)")), ("touches", .array(touches, oneLine: false))]
                if random.int(0...8) == 0 { members.append(("frame", .array([.text("1"), .text("2")], oneLine: true))) }
                if random.int(0...8) == 0 { members.reverse() }
                events.append(.object(members))
            }
            let trace = Value.object([("version", .text("1")), ("name", .text("\"tabs\"")),
                                      ("screen", .object([("width", .text("390")), ("height", .text("844"))])),
                                      ("events", .array(events, oneLine: false))])
            let text = Self.spoil(Self.write(trace, level: 0, layout, &random), &random)
            let twin = Self.spaced(text)
            #expect(text != twin)
            for (m, options) in ShapesTests.modes.enumerated() {
                let reference = StrokesTests.everything(twin, options: options)
                #expect(StrokesTests.everything(text, options: options) == reference, "round \(round), mode \(m)\n\(text)")
            }
            if StrokesTests.everything(text, options: TraceReadOptions()).first?.hasPrefix("test.trace.json:") == true { troubled += 1 } else { read += 1 }
        }
        // Traces that read and traces with problems are both met.
        #expect(read >= 10 && troubled >= 40, "\(read) read, \(troubled) with problems")
    }

    /// Strokes (points on one line each, or a point's numbers over lines), now and then with a
    /// problem (a time going back, a one-point stroke), in every layout, whole and spoilt, with
    /// their points kept by the check or read again from the bytes.
    @Test func strokesReadAsTheirTwinsWithSpaces() {
        var random = SplitMix64(state: 73)
        var read = 0
        var troubled = 0
        for round in 0..<160 {
            let layout = Self.layouts[round % Self.layouts.count]
            var strokes: [Value] = []
            var start = 0
            for _ in 0..<random.int(1...8) {
                start += random.int(0...3)
                var t = start
                var points: [Value] = []
                let oneLine = round % 3 != 2
                for k in 0..<(random.int(0...15) == 0 ? 1 : random.int(2...9)) {
                    points.append(.array([.text("\(Double(t) / 100)"), .text("\(Double(random.int(0...400)) / 4)"),
                                          .text("\(Double(random.int(0...800)) / 4)")], oneLine: oneLine))
                    t += k > 0 && random.int(0...40) == 0 ? -1 : random.int(0...2)
                }
                strokes.append(.object([("id", .text("\(random.int(1...5))")), ("points", .array(points, oneLine: false))]))
            }
            let trace = Value.object([("version", .text("1")), ("strokes", .array(strokes, oneLine: false))])
            let text = Self.spoil(Self.write(trace, level: 0, layout, &random), &random)
            let twin = Self.spaced(text)
            for all in [false, true] {
                let (kept, fromBytes) = StrokesTests.keptAndFromBytes(text, collectAllProblems: all)
                let (twinKept, twinFromBytes) = StrokesTests.keptAndFromBytes(twin, collectAllProblems: all)
                #expect(kept == twinKept && fromBytes == twinFromBytes, "round \(round)\n\(text)")
            }
            if StrokesTests.everything(text, options: TraceReadOptions()).first?.hasPrefix("test.trace.json:") == true { troubled += 1 } else { read += 1 }
        }
        #expect(read >= 10 && troubled >= 40, "\(read) read, \(troubled) with problems")
    }

    /// Runs of one whitespace byte longer than eight (a deep indentation of tabs or spaces),
    /// CRLF pairs and lone carriage returns and line feeds, in any order, end at the first
    /// other byte or at the end of the buffer, wherever the run starts and ends relative to it.
    @Test func indentationRunsEndAtTheFirstOtherByte() {
        var random = SplitMix64(state: 79)
        let pieces: [[UInt8]] = [[0x0D, 0x0A], [0x0A], [0x0D], [0x09], [0x20]]
        let others: [UInt8] = [0x22, 0x7B, 0x5D, 0x0C, 0x0B, 0x00, 0x31]
        for round in 0..<20_000 {
            var bytes: [UInt8] = Array(repeating: UInt8(ascii: ","), count: random.int(0...2))
            let start = bytes.count
            for _ in 0..<random.int(0...6) {
                let piece = pieces[random.int(0...pieces.count - 1)]
                // Indentation: a run of up to 20 of a byte.
                let times = piece.count == 1 && piece[0] != 0x0A ? random.int(1...20) : 1
                for _ in 0..<times { bytes += piece }
            }
            if round % 5 != 0 { bytes.append(others[random.int(0...others.count - 1)]) }
            bytes += Array(repeating: UInt8(ascii: "x"), count: random.int(0...10))
            let skipped = bytes.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(buffer, from: start)
                cursor.skipWhitespace()
                return cursor.pos
            }
            // By definition: the first byte from the start that is not one of the four.
            var expected = start
            while expected < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[expected]) { expected += 1 }
            #expect(skipped == expected, "\(bytes) from \(start)")
        }
    }

    /// A run of whitespace drawn from `random`: spaces, tabs, line feeds, carriage returns and
    /// CRLF pairs, one byte repeated up to 20 times (indentation), or nothing.
    static func whitespaceRun(_ random: inout SplitMix64) -> [UInt8] {
        let pieces: [[UInt8]] = [[0x0D, 0x0A], [0x0A], [0x0D], [0x09], [0x20]]
        var run: [UInt8] = []
        for _ in 0..<random.int(0...5) {
            let piece = pieces[random.int(0...pieces.count - 1)]
            let times = piece.count == 1 && piece[0] != 0x0A ? random.int(1...20) : 1
            for _ in 0..<times { run += piece }
        }
        return run
    }

    /// The steps that pass whitespace on their way to a separator, a bracket, a key or a value
    /// (each a copy of the whitespace step of its own where it is inlined) pass every run, tabs
    /// and CRLF line ends among them, and stop where that byte is, near the end of the buffer
    /// as well.
    @Test func everyStepPassesTheSameRuns() throws {
        var random = SplitMix64(state: 83)
        for _ in 0..<4_000 {
            let a = Self.whitespaceRun(&random), b = Self.whitespaceRun(&random), c = Self.whitespaceRun(&random)
            let tail = Array(repeating: UInt8(ascii: "x"), count: random.int(0...9))
            // Where the cursor stands after `step` over `bytes`, or -1 when the step says no.
            func at(_ bytes: [UInt8], _ step: (inout JSONCursor) throws -> Bool) throws -> Int {
                try bytes.withUnsafeBufferPointer { buffer in
                    var cursor = JSONCursor(buffer)
                    return try step(&cursor) ? cursor.pos : -1
                }
            }
            // A separator and the run after it, up to the next key.
            var bytes = a + Array(",".utf8) + b + Array("\"k\"".utf8) + tail
            #expect(try at(bytes) { $0.skipSeparator(UInt8(ascii: ",")) } == a.count + 1 + b.count, "\(bytes)")
            #expect(try at(bytes) { try $0.nextElement(first: false) } == a.count + 1 + b.count, "\(bytes)")
            #expect(try at(bytes) { try $0.nextMember(first: false) } == a.count + 1 + b.count, "\(bytes)")
            // A closing bracket.
            bytes = a + Array("]".utf8) + b + tail
            #expect(try at(bytes) { $0.skip(UInt8(ascii: "]")) } == a.count + 1, "\(bytes)")
            #expect(try at(bytes) { $0.peek() == UInt8(ascii: "]") } == a.count, "\(bytes)")
            // A key, the runs on either side of its colon, up to its value.
            bytes = a + Array("\"key\"".utf8) + b + Array(":".utf8) + c + Array("1".utf8) + tail
            let value = a.count + 5 + b.count + 1 + c.count
            #expect(try at(bytes) { try $0.memberKey().end == a.count + 4 } == value, "\(bytes)")
            #expect(try at(bytes) { $0.skipWhitespace(); return $0.takeQuotedKey(5) } == value, "\(bytes)")
        }
    }
}
