import Testing
@testable import TouchTrace

/// Traces written as producers other than touchtrace write them read as the general steps read
/// them: the same events, warnings and problems at the same places, in every mode, with one
/// thread or two. Each reference is the same trace with a key written with an escape, which
/// only the general steps read, and the other trace padded with spaces to the same length.
@Suite struct ShapesTests {
    static let modes: [TraceReadOptions] = {
        var modes = [TraceReadOptions(), TraceReadOptions(collectAllProblems: true),
                     TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true)]
        for readFirst in [0, 3] {
            var parallel = TraceReadOptions(collectAllProblems: true)
            parallel.parallelMinimumBytes = 0
            parallel.laterPartsReadFirst = readFirst
            modes.append(parallel)
        }
        return modes
    }()

    /// A key as the plain trace writes it (padded) and as the reference writes it (its first
    /// letter escaped: `"\u0066rame"`), both the same number of bytes.
    static func key(_ name: String, escaped: Bool) -> String {
        escaped ? "\"\\u00\(String(name.utf8.first!, radix: 16))\(name.dropFirst())\"" : "\"\(name)\"     "
    }

    /// The trace of events `plain` reads in every mode as `escaped`, the same events with keys
    /// escaped (and so read by the general steps alone), the same number of bytes.
    func expectReadAsEscaped(_ plain: [String], _ escaped: [String], round: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let a = "{\"version\": 1, \"events\": [\n" + plain.joined(separator: ",\n") + "\n]}"
        let b = "{\"version\": 1, \"events\": [\n" + escaped.joined(separator: ",\n") + "\n]}"
        #expect(a.utf8.count == b.utf8.count, sourceLocation: sourceLocation)
        for (m, options) in Self.modes.enumerated() {
            let reference = StrokesTests.everything(b, options: options)
            #expect(StrokesTests.everything(a, options: options) == reference, "round \(round), mode \(m)\n\(a)", sourceLocation: sourceLocation)
        }
    }

    /// Events in the usual layout, `{"t": ..., "touches": [...]}`, with keys after the touches
    /// (a recorder's frame number or timestamps), and touches with several keys touchtrace does
    /// not know after `y` (`altitudeAngle`, `pointerType`, ...; some longer than 16 bytes),
    /// now and then a problem (a phase touchtrace does not know, a time going back): read as
    /// `readAnyEvent` and `readTouch` read them.
    @Test func eventsAndTouchesWithOtherKeysReadAsTheGeneralStepsRead() {
        var random = SplitMix64(state: 61)
        let values = [#""touch""#, "12.5", "-3", #"[1, {"a": "}]"}]"#, #"{"b": [[1, 2, 3]]}"#, "null", "1.5e2"]
        let touchKeys = ["altitudeAngle", "azimuthAngle", "pointerType", "tiltX", "timestamp", "aVeryLongKeyOfManyBytes"]
        let eventKeys = ["frame", "timestamp", "source"]
        var withKeys = 0
        for round in 0..<80 {
            var plain: [String] = []
            var escaped: [String] = []
            var down: [Int] = []
            var t = 0.0
            for _ in 0..<random.int(1...30) {
                // Every touch of the event, in the usual layout, with 0 to 4 other keys after y.
                var touches: [(plain: String, escaped: String)] = []
                var next: [Int] = []
                for id in down where random.int(0...5) != 0 { next.append(id) }
                if next.count < 3 && random.int(0...2) == 0 { next.append(random.int(1...9)) }
                for id in next {
                    let phase = random.int(0...60) == 0 ? "hovering" : (down.contains(id) ? (random.int(0...6) == 0 ? "ended" : "moved") : "began")
                    var text = "{\"id\": \(id), \"phase\": \"\(phase)\", \"x\": \(Double(random.int(0...800)) / 4), \"y\": \(Double(random.int(0...800)) / 8)"
                    var other = text
                    let count = random.int(0...4)
                    for k in 0..<count {
                        let name = touchKeys[random.int(0...touchKeys.count - 1)]
                        let value = values[random.int(0...values.count - 1)]
                        text += ", \(Self.key(name, escaped: false)): \(value)"
                        other += ", \(Self.key(name, escaped: k == 0)): \(value)"
                    }
                    withKeys += count > 0 ? 1 : 0
                    touches.append((text + "}", other + "}"))
                }
                down = Array(Set(next)).sorted()
                t += random.int(0...40) == 0 ? -0.01 : Double(random.int(0...2)) / 100
                let open = "{\"t\": \(t), \"touches\": ["
                var text = open + touches.map(\.plain).joined(separator: ", ") + "]"
                var other = open + touches.map(\.escaped).joined(separator: ", ") + "]"
                let count = random.int(0...3) == 0 ? random.int(1...2) : 0
                for k in 0..<count {
                    let name = eventKeys[random.int(0...eventKeys.count - 1)]
                    let value = values[random.int(0...values.count - 1)]
                    text += ", \(Self.key(name, escaped: false)): \(value)"
                    other += ", \(Self.key(name, escaped: k == 0)): \(value)"
                }
                plain.append(text + "}")
                escaped.append(other + "}")
            }
            expectReadAsEscaped(plain, escaped, round: round)
        }
        #expect(withKeys >= 300, "\(withKeys) touches with other keys")
    }

    /// Events in the usual layout whose numbers are a double's shortest digits, as Python's
    /// `json.dumps` and browsers write them (`"t": 0.012702062067888584`, `"x": 164.036050589186`;
    /// now and then with an exponent, `1e-05`, or short): read as the general steps read them.
    /// The reference has an event key written with an escape after the touches, which sends the
    /// whole event to `readAnyEvent`; the trace read has the same key padded.
    @Test func doublesAsPythonWritesThemReadAsTheGeneralStepsRead() {
        var random = SplitMix64(state: 67)
        func double(_ scale: Double) -> String {
            switch random.int(0...9) {
            case 0: return "\(random.int(0...400))"
            case 1: return "\(Double(random.int(0...400)) / 4)"
            case 2: return "\(Double(random.int(1...9)) / 100_000)"
            default: return "\(Double(random.int(0...1_000_000)) / scale)"
            }
        }
        var long = 0
        for round in 0..<60 {
            var plain: [String] = []
            var escaped: [String] = []
            var down: [Int] = []
            var t = 0.0
            for _ in 0..<random.int(1...30) {
                var touches: [String] = []
                var next: [Int] = []
                for id in down where random.int(0...5) != 0 { next.append(id) }
                if next.count < 3 && random.int(0...2) == 0 { next.append(random.int(1...9)) }
                next = Array(Set(next)).sorted()
                var ended: [Int] = []
                for id in next {
                    let phase = down.contains(id) ? (random.int(0...6) == 0 ? "ended" : "moved") : "began"
                    if phase == "ended" { ended.append(id) }
                    let x = double(2_999), y = double(1_237)
                    long += x.count > 12 ? 1 : 0
                    touches.append("{\"id\": \(id), \"phase\": \"\(phase)\", \"x\": \(x), \"y\": \(y)}")
                }
                down = down.filter { !next.contains($0) } + next.filter { !ended.contains($0) }
                t += Double(random.int(0...1_000)) / 97_003
                let open = "{\"t\": \(random.int(0...40) == 0 ? "-1" : "\(t)"), \"touches\": [" + touches.joined(separator: ", ") + "], "
                plain.append(open + Self.key("frame", escaped: false) + ": 1}")
                escaped.append(open + Self.key("frame", escaped: true) + ": 1}")
            }
            expectReadAsEscaped(plain, escaped, round: round)
        }
        #expect(long >= 500, "\(long) long coordinates")
    }

    /// One key touchtrace does not know in every touch, as a browser's recorder writes its
    /// pointer's type: passed over in one comparison of the member's bytes once it has been
    /// passed over in the same bytes before. Its value now and then another (a short string, a
    /// longer one, a number), the whitespace after it now and then other, a second such key in
    /// some touches, minified or spaced: read as the general steps read them.
    @Test func aPointerTypeInEveryTouchReadsAsTheGeneralStepsRead() {
        var random = SplitMix64(state: 71)
        let values = [#""touch""#, #""touch""#, #""touch""#, #""touch""#, #""pen""#, #""a longer type""#, "7"]
        let after = ["", "", "", "", " ", "  ", "\n    "]
        var passed = 0
        for round in 0..<60 {
            let minified = round % 2 == 0
            let (colon, comma) = minified ? (":", ",") : (": ", ", ")
            var plain: [String] = []
            var escaped: [String] = []
            var t = 0.0
            let secondKey = round % 3 == 0
            for k in 0..<random.int(1...40) {
                var touches: [(String, String)] = []
                for id in 1...random.int(1...2) {
                    let phase = k == 0 ? "began" : "moved"
                    let head = "{\"id\"\(colon)\(id)\(comma)\"phase\"\(colon)\"\(phase)\"\(comma)\"x\"\(colon)\(Double(random.int(0...800)) / 4)\(comma)\"y\"\(colon)2.5\(comma)"
                    let value = values[random.int(0...values.count - 1)] + after[random.int(0...after.count - 1)]
                    var text = head + Self.key("pointerType", escaped: false) + colon + value
                    // The reference escapes the key in every touch: its events are read by the
                    // general steps alone.
                    var other = head + Self.key("pointerType", escaped: true) + colon + value
                    if secondKey && random.int(0...3) == 0 {
                        text += comma + Self.key("tiltX", escaped: false) + colon + "1"
                        other += comma + Self.key("tiltX", escaped: false) + colon + "1"
                    }
                    touches.append((text + "}", other + "}"))
                }
                t += 0.01
                let open = "{\"t\"\(colon)\(t)\(comma)\"touches\"\(colon)["
                plain.append(open + touches.map(\.0).joined(separator: comma) + "]}")
                escaped.append(open + touches.map(\.1).joined(separator: comma) + "]}")
                passed += touches.count
            }
            expectReadAsEscaped(plain, escaped, round: round)
        }
        #expect(passed > 1_000)
    }

    /// A message's column counts characters (UTF-8 scalars) from its line's start, eight bytes
    /// at a time: in lines of every length, of ASCII and of two-, three- and four-byte
    /// characters in any mix, the column at every character is its place in the line, counted
    /// one by one.
    @Test func columnsCountCharactersInLinesOfEveryLength() {
        var random = SplitMix64(state: 67)
        let pieces = ["a", "7", " ", "\u{E9}", "\u{4E2D}", "\u{1F600}", "\t", "\""]
        for round in 0..<60 {
            var text = ""
            for _ in 0..<random.int(0...3) { text += String(repeating: "x", count: random.int(0...20)) + "\n" }
            let lineStart = text.utf8.count
            var characters = 0
            for _ in 0..<random.int(0...200) {
                text += pieces[random.int(0...pieces.count - 1)]
                characters += 1
            }
            let bytes = Array(text.utf8)
            let source = SourceFile(path: "t.json", bytes: bytes)
            let stride = random.int(1...40)
            let index = bytes.withUnsafeBufferPointer { LineIndex($0, stride: stride) }
            var column = 1
            for offset in lineStart..<bytes.count where bytes[offset] & 0xC0 != 0x80 {
                #expect(source.location(of: offset).column == column, "round \(round), offset \(offset)")
                let indexed = bytes.withUnsafeBufferPointer { index.location(of: offset, in: $0) }
                #expect(indexed.column == column && indexed.line == source.location(of: offset).line, "round \(round), offset \(offset), stride \(stride)")
                column += 1
            }
            #expect(source.location(of: text.utf8.count).column == characters + 1, "round \(round)")
        }
    }
}
