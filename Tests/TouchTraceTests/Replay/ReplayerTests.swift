import Testing
@testable import TouchTrace

@Suite struct ReplayerTests {
    @Test func touchesGoToTheFrontMostViewTheyBeganOnForTheirWholeLife() throws {
        let scene = Scene(views: [
            SceneView(name: "back", frame: Rect(x: 0, y: 0, width: 400, height: 400), recognizers: [("spots", SpotsRecognizer())]),
            SceneView(name: "front", frame: Rect(x: 100, y: 100, width: 100, height: 100), recognizers: [("spots", SpotsRecognizer())]),
        ], origin: "test")
        let lines = try transcript(traceJSON([(0, [(1, "began", 150, 150), (2, "began", 50, 50), (3, "began", 500, 500)]),
                                              (0.2, [(1, "moved", 350, 350), (2, "moved", 150, 150), (3, "moved", 10, 10)]),
                                              (0.4, [(1, "ended", 350, 350), (2, "ended", 150, 150), (3, "ended", 10, 10)])]), scene: scene)
        #expect(lines == [
            "0.0000 back.spots spotAdded touch=2 center=50.0000,50.0000 diameter=1.0000",
            "0.0000 front.spots spotAdded touch=1 center=50.0000,50.0000 diameter=1.0000",
            "0.2000 back.spots spotMoved touch=2 center=150.0000,150.0000 diameter=100.0000",
            "0.2000 front.spots spotMoved touch=1 center=250.0000,250.0000 diameter=100.0000",
            "0.4000 back.spots spotRemoved touch=2 center=150.0000,150.0000 diameter=100.0000",
            "0.4000 front.spots spotRemoved touch=1 center=250.0000,250.0000 diameter=100.0000",
        ])
    }

    @Test func setsArriveGroupedByPhaseInUIKitsOrder() throws {
        let scene = singleViewScene(recognizers: [("spots", SpotsRecognizer())])
        let lines = try transcript(traceJSON([(0, [(1, "began", 10, 10), (2, "began", 20, 20)]),
                                              (0.1, [(1, "ended", 11, 11), (3, "began", 30, 30), (2, "moved", 21, 21), (4, "began", 40, 40)]),
                                              (0.2, [(2, "cancelled", 21, 21), (3, "ended", 30, 30), (4, "ended", 40, 40)])]), scene: scene)
        let events = lines.map { line -> String in
            let parts = line.split(separator: " ")
            return "\(parts[2]) \(parts[3])"
        }
        #expect(events == [
            "spotAdded touch=1", "spotAdded touch=2",
            "spotAdded touch=3", "spotAdded touch=4", "spotMoved touch=2", "spotRemoved touch=1",
            "spotRemoved touch=3", "spotRemoved touch=4", "spotRemoved touch=2",
        ])
    }

    @Test func recognizersComeInOrderThenTheControl() throws {
        let lines = try transcript(traceJSON([(0, [(1, "began", 100, 100)]), (0.1, [(1, "moved", 150, 100)]), (0.2, [(1, "ended", 150, 100)])]),
                                   scene: Scene.defaultScene(width: 400, height: 400))
        #expect(lines.map { String($0.split(separator: " ")[1]) } == [
            "screen.checkmark", "screen.spots",
            "screen.rotation", "screen.knob", "screen.pan", "screen.checkmark", "screen.spots",
            "screen.rotation", "screen.knob", "screen.pan", "screen.checkmark", "screen.spots",
        ])
    }

    @Test func jsonLinesNameEveryKey() throws {
        let lines = try transcript(traceJSON([(0, [(1, "began", 0, 0)]), (0.01, [(1, "moved", 12, 0)]), (0.025, [(1, "ended", 12, 0)])]),
                                   scene: singleViewScene(recognizers: [("pan", PanRecognizer()), ("spots", SpotsRecognizer())]), format: .jsonl)
        #expect(lines == [
            #"{"t":0.0,"view":"v","source":"spots","event":"spotAdded","touch":1,"center":[0.0,0.0],"diameter":1.0}"#,
            #"{"t":0.01,"view":"v","source":"pan","event":"state","from":"possible","to":"began","translation":[12.0,0.0],"velocity":[0.0,0.0],"touches":1}"#,
            #"{"t":0.01,"view":"v","source":"spots","event":"spotMoved","touch":1,"center":[12.0,0.0],"diameter":1.478145217118082}"#,
            #"{"t":0.025,"view":"v","source":"pan","event":"state","from":"began","to":"ended","translation":[12.0,0.0],"velocity":[0.0,0.0],"touches":0}"#,
            #"{"t":0.025,"view":"v","source":"spots","event":"spotRemoved","touch":1,"center":[12.0,0.0],"diameter":4.0802909584629505}"#,
        ])
    }

    @Test func sameTraceSameBytes() throws {
        var events: [(t: Double, touches: [T])] = []
        for i in 0..<50 {
            let phase = i == 0 ? "began" : (i == 49 ? "ended" : "moved")
            let x = 100 + Double(i * i) * 0.37
            let y = 300 - Double(i) * 2.1
            events.append((Double(i) * 0.013, [(1, phase, x, y)]))
        }
        let json = traceJSON(events)
        let a = try transcript(json, format: .jsonl)
        let b = try transcript(json, format: .jsonl)
        #expect(a == b)
        #expect(a.count > 100)
    }
}

@Suite struct NumberTextTests {
    @Test(arguments: [(0.0, "0.0000"), (-0.00004, "0.0000"), (-0.00005, "-0.0001"), (1.23456, "1.2346"), (-12.5, "-12.5000"),
                      (123456789.12345, "123456789.1235"), (1e13, "10000000000000.0000"), (-2.5e15, "-2500000000000000.0000"),
                      // Around 10,000, where the whole part stops fitting beside the decimals in one word of digits.
                      (9999.9999, "9999.9999"), (-9999.99996, "-10000.0000"), (10000, "10000.0000"), (0.0001, "0.0001"), (-1000.5, "-1000.5000"),
                      (Double.nan, "nan"), (Double.infinity, "inf"), (-Double.infinity, "-inf")])
    func fixedFourDecimals(_ value: Double, _ text: String) {
        #expect(fixed4(value) == text)
    }

    /// Against the definition, computed another way: the value times 10^4 rounded half away
    /// from zero (`rounded()`), its digits from `String`, the last four after the point, a sign
    /// only when the rounded value is not zero. Halves exactly (k / 2 · 10^−4), the doubles
    /// beside them, and random values of every length up to 10^11.
    @Test func fixedFourDecimalsMatchTheirDefinition() {
        func expected(_ v: Double) -> String {
            let units = (v * 10_000).rounded()
            let digits = String(UInt64(abs(units)))
            let padded = String(repeating: "0", count: max(0, 5 - digits.count)) + digits
            return (units < 0 ? "-" : "") + padded.dropLast(4) + "." + padded.suffix(4)
        }
        var random = SplitMix64(state: 11)
        var values: [Double] = []
        for k in 0..<20_000 {
            let half = (Double(k) + 0.5) / 10_000
            values.append(contentsOf: [half, half.nextUp, half.nextDown, Double(k) / 10_000])
        }
        // Below 1, 10, ..., 10^11.
        var scale = 0.1
        for i in 0..<240_000 {
            if i % 20_000 == 0 { scale *= 10 }
            values.append(Double(random.next() % (1 << 53)) / Double(1 << 53) * scale)
        }
        var mismatches: [String] = []
        for v in values {
            for x in [v, -v] where fixed4(x) != expected(x) && mismatches.count < 5 {
                mismatches.append("\(x.description) written \(fixed4(x)), not \(expected(x))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// Integers of every length, against `String`.
    @Test func decimalIntegers() {
        var values: [UInt64] = [0, UInt64.max]
        var p: UInt64 = 1
        for _ in 0..<19 {
            values.append(contentsOf: [p, p - 1, p + 1, p * 3 + 7])
            p *= 10
        }
        for v in values {
            var bytes: [UInt8] = []
            appendDecimal(v, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(v))
            bytes = []
            appendDecimal(-Int(truncatingIfNeeded: v & (1 << 62 - 1)), to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(-Int(truncatingIfNeeded: v & (1 << 62 - 1))))
        }
    }

    /// Whole numbers beyond 2^53 are written with every digit of their exact value (velocities
    /// of touches a nanosecond apart can be that large), as C's `%.4f` writes them.
    @Test(arguments: [(9_007_199_254_740_992.0, "9007199254740992.0000"), (1e16, "10000000000000000.0000"),
                      (-3.5e22, "-35000000000000002097152.0000"),
                      (1e300, "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.0000"),
                      (-1.7976931348623157e308, "-179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.0000")])
    func hugeNumbersAreWrittenExactly(_ value: Double, _ text: String) {
        #expect(fixed4(value) == text)
    }

    @Test(arguments: [0.1, 12.0, -0.0, 1e-05, 123456.789, 1e16, Double.leastNonzeroMagnitude, -3.0e15, 0.30000000000000004])
    func shortestRoundTrips(_ value: Double) {
        var bytes: [UInt8] = []
        appendShortest(value, to: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        // Zero has no sign: both zeros are written as 0.0 (SPEC 13.1); every other value
        // round-trips to its exact bits.
        if value == 0 {
            #expect(text == "0.0")
        } else {
            #expect(Double(text)?.bitPattern == value.bitPattern, "\(text)")
        }
    }

    @Test func stringsAreEscapedForJSON() {
        var bytes: [UInt8] = []
        appendJSONString("a\"b\\c\nd\u{1}é", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #""a\"b\\c\nd\u0001é""#)
    }

    /// Texts in records (failure reasons) are written into the transcript escaped exactly as
    /// `appendJSONString` escapes them, in both formats: every byte below 0x80, quotes,
    /// backslashes, and other scripts.
    @Test func textsInRecordsAreEscapedAsJSONStrings() throws {
        var texts = ["", "plain words", "a\"b\\c\nd\u{1}é", String(repeating: "\"", count: 300), "東京 \u{7F} \u{1B}[31m"]
        texts.append(String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self))
        for format in TranscriptFormat.allCases {
            for text in texts {
                let output = MemoryOutput()
                let writer = TranscriptWriter(format: format, sources: [SourceName(view: "v", name: "r")], output: output)
                writer.write(Record(t: 0, source: 0, event: "state", fields: FieldList(Field("reason", .text(SharedText(text))))))
                try writer.finish()
                var quoted: [UInt8] = []
                appendJSONString(text, to: &quoted)
                let line = format == .text
                    ? "\(TranscriptFormat.textHeader)\n0.0000 v.r state reason=" + String(decoding: quoted, as: UTF8.self) + "\n"
                    : #"{"t":0.0,"view":"v","source":"r","event":"state","reason":"# + String(decoding: quoted, as: UTF8.self) + "}\n"
                #expect(output.text == line, "\(format) \(Array(text.utf8))")
            }
        }
    }

    /// Texts are copied eight bytes at a time until one needs an escape: every byte that needs
    /// one (and a multi-byte character) is escaped wherever it falls in a word, as
    /// `appendJSONString` escapes it.
    @Test func everyByteIsEscapedWhereverItFallsInAWord() throws {
        var texts: [String] = []
        for length in [7, 8, 9, 16, 17, 24] {
            for position in 0..<length {
                for byte in Array(0..<0x20) + [0x22, 0x5C, 0x21, 0x5B, 0x5D, 0x7F] as [UInt8] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    bytes[position] = byte
                    texts.append(String(decoding: bytes, as: UTF8.self))
                }
                var accented = Array(repeating: "x", count: length)
                accented[position] = "é"
                texts.append(accented.joined())
            }
        }
        for format in TranscriptFormat.allCases {
            let output = MemoryOutput()
            let writer = TranscriptWriter(format: format, sources: [SourceName(view: "v", name: "r")], output: output)
            var expected = format == .text ? TranscriptFormat.textHeader + "\n" : ""
            for text in texts {
                writer.write(Record(t: 0, source: 0, event: "state", fields: FieldList(Field("reason", .text(SharedText(text))))))
                var quoted: [UInt8] = []
                appendJSONString(text, to: &quoted)
                expected += format == .text
                    ? "0.0000 v.r state reason=" + String(decoding: quoted, as: UTF8.self) + "\n"
                    : #"{"t":0.0,"view":"v","source":"r","event":"state","reason":"# + String(decoding: quoted, as: UTF8.self) + "}\n"
            }
            try writer.finish()
            #expect(output.text == expected, "\(format)")
        }
    }

    /// Names are written bare when they are plain (letters, digits, `_`, `-`, `.`), quoted
    /// otherwise, however many a writer meets and however often: the writer remembers the
    /// plain ones it has seen in a few places, and must never take another name for one.
    @Test func namesAreBareOnlyWhenPlainHoweverManyThereAre() throws {
        let names: [StaticString] = [
            "possible", "began", "changed", "ended", "failed", "cancelled", "recognized", "notStarted",
            "downStroke", "upStroke", "lower", "upper", "left", "right", "up", "down", "a", "b-c", "d_e",
            "f.g", "H1", "with space", "quote\"d", "back\\slash", "tab\tbed", "é", "x y z", "new\nline",
            "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "q 1", "q 2", "q 3", "",
        ]
        func isPlain(_ name: StaticString) -> Bool {
            name.utf8CodeUnitCount <= 48 && name.description.utf8.allSatisfy { c in
                (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
                    || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".")
            }
        }
        for format in TranscriptFormat.allCases {
            let output = MemoryOutput()
            let writer = TranscriptWriter(format: format, sources: [SourceName(view: "v", name: "r")], output: output)
            var expected = format == .text ? TranscriptFormat.textHeader + "\n" : ""
            // Three rounds: the second and third meet every name again, remembered or not.
            for _ in 0..<3 {
                for name in names {
                    writer.write(Record(t: 0, source: 0, event: "state", fields: FieldList(Field("to", .name(name)))))
                    var quoted: [UInt8] = []
                    appendJSONString(name.description, to: &quoted)
                    let value = String(decoding: quoted, as: UTF8.self)
                    expected += format == .text
                        ? "0.0000 v.r state to=" + (isPlain(name) ? name.description : value) + "\n"
                        : #"{"t":0.0,"view":"v","source":"r","event":"state","to":"# + value + "}\n"
                }
            }
            try writer.finish()
            #expect(output.text == expected, "\(format)")
        }
    }

    /// Records are copied into chunks for the formatting thread by the hundred thousand: they
    /// must stay plain data (a reference-counted part makes every copy a call into the runtime).
    @Test func recordsArePlainData() {
        #expect(_isPOD(Record.self))
        #expect(_isPOD(TouchID.self))
        #expect(_isPOD(EventTouch.self))
    }

    /// A touch id may be any string, however long: its records must be written whole, with the
    /// fields after it (room for a text is made as it is written).
    @Test(arguments: [.text, .jsonl] as [TranscriptFormat])
    func veryLongStringIdsAreWrittenWhole(format: TranscriptFormat) throws {
        let id = String(repeating: #"finger\""#, count: 30_000)
        let json = """
        {"version": 1, "events": [
          {"t": 0, "touches": [{"id": "\(id)", "phase": "began", "x": 10, "y": 10}]},
          {"t": 0.01, "touches": [{"id": "\(id)", "phase": "moved", "x": 12, "y": 10}]},
          {"t": 0.02, "touches": [{"id": "\(id)", "phase": "ended", "x": 12, "y": 10}]}]}
        """
        let lines = try transcript(json, format: format)
        let spots = lines.filter { $0.contains("spot") }
        #expect(spots.count == 3)
        let idThenCenter = "\"" + id + "\"" + (format == .jsonl ? ",\"center\":" : " center=")
        let diameter = format == .jsonl ? ",\"diameter\":" : " diameter="
        for line in spots {
            // (Booleans, so that a failure does not print a line of a quarter of a megabyte.)
            let idWholeThenCenter = line.contains(idThenCenter)
            let hasDiameter = line.contains(diameter)
            #expect(idWholeThenCenter)
            #expect(hasDiameter)
        }
    }

    /// A text that fills the writer's buffer to its last bytes as it grows must still leave room
    /// for the fields after it (a debug build checks every write against the room made).
    @Test(arguments: [TranscriptFormat.text, .jsonl])
    func textsThatFillTheBufferLeaveRoomForTheRest(format: TranscriptFormat) throws {
        for length in stride(from: 139_264 - 900, to: 139_264, by: 7) {
            let output = MemoryOutput()
            let writer = TranscriptWriter(format: format, sources: [SourceName(view: "v", name: "s")], output: output)
            let text = String(repeating: "x", count: length)
            writer.write(Record(t: 0, source: 0, event: "e", fields: FieldList(
                Field("a", .text(SharedText(text))), Field("b", .point(Point(x: -1.0 / 3, y: 1e300))),
                Field("c", .point(Point(x: -2.0 / 3, y: -1e-300))))))
            try writer.finish()
            let last = output.text.split(separator: "\n").last.map(String.init) ?? ""
            let ending = format == .jsonl ? #""c":[-0.6666666666666666,-1e-300]}"# : "c=-0.6667,0.0000"
            let whole = last.hasSuffix(ending) && last.utf8.count > length
            #expect(whole, "text of \(length) bytes")
        }
    }

    /// `consumeEvents(of:)` is `forEachEvent` compiled for the replayer: the same records, and
    /// the replayer left as the last event left it — the deadline of a single tap that waits
    /// for a double tap still fires in `finish`, and a touch that hit no view is counted.
    @Test func consumeEventsReplaysAsForEachEventDoes() throws {
        let scene = try parseScene("""
        {"views": [{"name": "pad", "frame": [0, 0, 200, 200], "recognizers": [
          {"type": "tap", "name": "doubleTap", "numberOfTapsRequired": 2},
          {"type": "tap", "name": "singleTap", "requireToFail": ["doubleTap"]}, {"type": "pan"}, {"type": "spots"}]}]}
        """, version: 2)
        let trace = try parseTrace(traceJSON([(0, [(1, "began", 100, 100)]), (0.05, [(1, "ended", 100, 100)]),
                                              (0.06, [(2, "began", 300, 300)]), (0.07, [(2, "ended", 300, 300)])], version: 2))
        let direct = RecordCollector()
        var one = Replayer(scene: scene, sink: direct)
        trace.forEachEvent(&one)
        one.finish()
        let consumed = RecordCollector()
        var other = Replayer(scene: scene, sink: consumed)
        other.consumeEvents(of: trace)
        other.finish()
        // The double tap fails 0.35 s after the lift at 0.05 s; then the single tap is recognized.
        let last = consumed.records.suffix(2)
        #expect(last.map { $0.to } == ["failed", "recognized"])
        #expect(last.allSatisfy { close($0.t, 0.4) })
        #expect(consumed.records == direct.records)
        #expect(other.missedTouchCount == 1 && one.missedTouchCount == 1)
    }

    /// A copy of a replayer is a handle to the same replay (a trace's reader hands its consumer
    /// on by value): events given to the copy count for the original, which then finishes the
    /// replay as one replayer given every event would.
    @Test func aCopyOfAReplayerIsTheSameReplay() throws {
        let scene = try parseScene("""
        {"views": [{"name": "pad", "frame": [0, 0, 200, 200], "recognizers": [
          {"type": "tap", "name": "doubleTap", "numberOfTapsRequired": 2},
          {"type": "tap", "name": "singleTap", "requireToFail": ["doubleTap"]}, {"type": "pan"}, {"type": "spots"}]}]}
        """, version: 2)
        let trace = try parseTrace(traceJSON([
            (0, [(1, "began", 100, 100)]), (0.02, [(1, "moved", 130, 110)]), (0.04, [(1, "moved", 160, 120)]),
            (0.05, [(1, "ended", 160, 120)]), (0.06, [(2, "began", 300, 300)]), (0.07, [(2, "ended", 300, 300)])], version: 2))
        let whole = RecordCollector()
        Replayer.replay(trace, scene: scene, into: whole)
        let split = RecordCollector()
        let original = Replayer(scene: scene, sink: split)
        var halves = Halves(first: original, second: original)
        trace.forEachEvent(&halves)
        var finishing = original
        finishing.finish()
        #expect(split.records.count > 6)
        #expect(split.records == whole.records)
        #expect(original.missedTouchCount == 1 && halves.first.missedTouchCount == 1)
    }

    /// The first three events to one copy of a replayer, the rest to another.
    private struct Halves: TouchEventConsumer {
        var first: Replayer
        var second: Replayer
        var given = 0

        mutating func consume(_ event: borrowing TouchEvent) {
            if given < 3 { first.consume(event) } else { second.consume(event) }
            given += 1
        }

        static func emptyForLaterPart() -> Halves? { nil }
        mutating func appendLaterPart(_ later: Halves) {}
    }

    @Test func textFieldsKeepTheirStrings() {
        let reason = FieldValue.text(SharedText("moved left from (1, 2) to (0, 3)"))
        guard case .text(let s) = reason else { Issue.record("not text"); return }
        #expect(s.string == "moved left from (1, 2) to (0, 3)")
        #expect(SharedText("left-thumb") == SharedText("left-thumb"))
        #expect(SharedText("left-thumb") != SharedText("right-thumb"))
        #expect(FieldValue(TouchID.text("a")) == .text(SharedText("a")))
        #expect(FieldValue(TouchID.number(7)) == .touch(7))
    }
}
