import Testing
@testable import TouchTrace

/// Reading a trace's events with two threads must give exactly what one thread gives: the same
/// events, summary, warnings and problems, whatever the split lands on.
@Suite struct ParallelReadTests {
    struct Outcome: Equatable {
        var summary: String
        var events: [String]
        var problems: [String]
    }

    /// `readFirst`: how many parts the other thread reads before the first thread begins.
    func read(_ text: String, parallel: Bool, readFirst: Int = 0, options: TraceReadOptions = TraceReadOptions()) -> Outcome {
        var options = options
        options.parallelMinimumBytes = parallel ? 0 : Int.max
        options.laterPartsReadFirst = readFirst
        var store = EventStore()
        do {
            let trace = try Trace.parse(SourceFile(path: "t.trace.json", bytes: Array(text.utf8)), options: options, consumer: &store)
            let s = trace.summary
            let summary = "\(s.eventCount) \(s.touchCount) \(s.maxX) \(s.maxY) \(String(describing: s.firstTime)) \(String(describing: s.lastTime)) \(s.warnings.map(\.description))"
            let events = (0..<store.eventCount).map { i in
                "\(store.times[i]):" + store.touches(ofEvent: i).map { "\(store.ids[$0])\(store.phases[$0])\(store.xs[$0]),\(store.ys[$0])" }.joined(separator: ";")
            }
            return Outcome(summary: summary, events: events, problems: [])
        } catch {
            return Outcome(summary: "", events: [], problems: error.errors.map(\.description))
        }
    }

    /// Reads `text` with one thread and with two, the other thread having read none, some or
    /// all of the later parts before the first thread begins (so that one part, several or all
    /// of them are joined), and expects the same every time.
    func expectSame(_ text: String, _ label: String, options: TraceReadOptions = TraceReadOptions()) {
        let one = read(text, parallel: false, options: options)
        for readFirst in [0, 3, LaterParts<EventStore>.count] {
            let two = read(text, parallel: true, readFirst: readFirst, options: options)
            let label = "\(label), \(readFirst) parts read first"
            #expect(one.summary == two.summary, "\(label): \(one.summary) / \(two.summary)")
            #expect(one.problems == two.problems, "\(label): \(one.problems.prefix(2)) / \(two.problems.prefix(2))")
            #expect(one.events.count == two.events.count, "\(label): \(one.events.count) / \(two.events.count) events")
            if let i = one.events.indices.first(where: { $0 < two.events.count && one.events[$0] != two.events[$0] }) {
                Issue.record("\(label): event \(i) is \(one.events[i]) / \(two.events[i])")
            }
        }
    }

    /// The starts of the parts `text`'s events are cut into.
    func partStarts(_ text: String) -> [Int] {
        let bytes = Array(text.utf8)
        let start = bytes.firstIndex(of: UInt8(ascii: "["))! + 1
        return bytes.withUnsafeBufferPointer { LaterParts<EventStore>(bytes: JSONCursor($0), eventsStart: start)?.starts ?? [] }
    }

    /// The index of the first event that starts at or after `offset` in `trace(events)`.
    func eventIndex(at offset: Int, in events: [String]) -> Int {
        var position = "{\"version\": 1, \"events\": [\n".utf8.count
        for (i, e) in events.enumerated() {
            if position >= offset { return i }
            position += e.utf8.count + 2
        }
        return events.count
    }

    /// Events of one or two fingers, each event on its own line.
    func trace(_ events: [String]) -> String {
        "{\"version\": 1, \"events\": [\n" + events.joined(separator: ",\n") + "\n]}"
    }

    func event(_ t: Double, _ touches: [(Int, String, Double, Double)]) -> String {
        "{\"t\": \(t), \"touches\": [" + touches.map { "{\"id\": \($0.0), \"phase\": \"\($0.1)\", \"x\": \($0.2), \"y\": \($0.3)}" }.joined(separator: ", ") + "]}"
    }

    @Test func touchesThatSpanTheSplitAndStayDown() {
        var events: [String] = []
        // Touch 1 is down across the middle and lifts late; touch 2 is still down at the end;
        // touch 3 begins after the middle and stays down; touch 1's id is reused after.
        events.append(event(0, [(1, "began", 1, 1), (2, "began", 5, 5)]))
        for i in 1..<200 { events.append(event(Double(i) * 0.01, [(1, "moved", Double(i), 2)])) }
        events.append(event(2.0, [(3, "began", 50, 60)]))
        events.append(event(2.1, [(1, "ended", 9, 9)]))
        events.append(event(2.2, [(1, "began", 400, 30)]))
        for i in 0..<50 { events.append(event(2.3 + Double(i) * 0.01, [(1, "moved", 400, Double(i))])) }
        expectSame(trace(events), "spanning touches")
    }

    /// The default screen is the largest x and y of any touch point; here both lie late in the
    /// trace, in the part the second thread reads: y = 700 in event 198, x = 300 in event 199
    /// (every other point has x ≤ 197 and y = 2), so the screen is 300 × 700 either way.
    @Test func theLaterPartsLargestPointsMakeTheDefaultScreen() throws {
        var events: [String] = [event(0, [(1, "began", 1, 1)])]
        for i in 1..<198 { events.append(event(Double(i) * 0.01, [(1, "moved", Double(i), 2)])) }
        events.append(event(1.98, [(1, "moved", 10, 700)]))
        events.append(event(1.99, [(1, "ended", 300, 5)]))
        let text = trace(events)
        for parallel in [false, true] {
            var options = TraceReadOptions()
            options.parallelMinimumBytes = parallel ? 0 : Int.max
            let trace = try Trace.parse(SourceFile(path: "t.trace.json", bytes: Array(text.utf8)), options: options)
            #expect(trace.screen == (300, 700), "parallel: \(parallel)")
        }
        // The split is near the middle, so that both points are the second thread's.
        let split = text.utf8.withContiguousStorageIfAvailable {
            TraceReader.splitPoint(in: JSONCursor($0), eventsStart: 0)
        } ?? nil
        let splitOffset = try #require(split)
        #expect(splitOffset < text.utf8.count / 2 + 100)
    }

    @Test func problemsAfterTheSplitReadTheSame() {
        var events: [String] = [event(0, [(1, "began", 1, 1)])]
        for i in 1..<200 { events.append(event(Double(i) * 0.01, [(1, "moved", Double(i), 2)])) }
        let good = events
        // Each broken in a different way, late in the trace.
        var variants: [[String]] = []
        var v = good; v[150] = event(1.5, [(7, "moved", 1, 1)]); variants.append(v)              // not down
        v = good; v[150] = event(1.5, [(1, "began", 1, 1)]); variants.append(v)                  // began twice
        v = good; v[150] = event(0.5, [(1, "moved", 1, 1)]); variants.append(v)                  // time backwards
        v = good; v[150] = "{\"t\": 1.5, \"touches\": [{\"id\": 1, \"phase\": \"moving\", \"x\": 1, \"y\": 1}]}"; variants.append(v)
        v = good; v[150] = "{\"t\": 1.5, \"touches\": [{\"id\": 1, \"phase\": \"moved\", \"x\": 1, \"y\": 1}"; variants.append(v)
        v = good; v[101] = event(1.01, [(2, "began", 3, 3)]); v[199] = event(1.99, [(2, "began", 3, 3)]); variants.append(v)
        // An unknown key, a problem only when they are reported (--strict).
        v = good; v[150] = "{\"t\": 1.5, \"touches\": [{\"id\": 1, \"phase\": \"moved\", \"x\": 1, \"y\": 1}], \"z\": 1}"; variants.append(v)
        for (k, variant) in variants.enumerated() {
            expectSame(trace(variant), "variant \(k)")
            expectSame(trace(variant), "variant \(k), collecting", options: TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true))
            expectSame(trace(variant), "variant \(k), strict", options: TraceReadOptions(reportUnknownKeys: true))
        }
    }

    /// A time far ahead (a digit written twice, say) and every event after it going back from
    /// it: one thread reports each of them, and so must two. The event just before a later part
    /// has gone back itself, so the part's first time is not before that event's time — but it
    /// is before the latest time, and the part is not taken in.
    @Test func eventsGoingBackFromATimeFarAheadAreEachReported() {
        var events = [event(0, [(1, "began", 1, 1)])]
        for i in 1..<200 { events.append(event(i == 3 ? 50 : Double(i) / 100, [(1, "moved", Double(i), 2)])) }
        let options = TraceReadOptions(collectAllProblems: true)
        expectSame(trace(events), "a time far ahead", options: options)
        let problems = read(trace(events), parallel: true, readFirst: LaterParts<EventStore>.count, options: options).problems
        #expect(problems.count == 196 && problems.allSatisfy { $0.hasSuffix("time goes backwards (the event before is at t=50.0000)") },
                "\(problems.count) problems: \(problems.prefix(2))")
    }

    /// Unknown keys met only in the later parts, or in several parts, are warned of once each,
    /// at their first place in the file with the event counted from the trace's start, as one
    /// thread warns of them — and the other thread's parts are still taken in (a browser writes
    /// `pointerType` into every touch: the reading must not fall back to one thread for it).
    @Test func unknownKeysInTheLaterPartsAreWarnedOfAsOneThreadWarns() throws {
        func touch(_ id: Int, _ phase: String, _ x: Double, extra: String) -> String {
            "{\"id\": \(id), \"phase\": \"\(phase)\", \"x\": \(x), \"y\": 2\(extra)}"
        }
        var events: [String] = ["{\"t\": 0, \"touches\": [" + touch(1, "began", 1, extra: "") + "]}"]
        for i in 1..<400 {
            // "pointerType" in every touch from event 250 on (after the middle only); "z" on
            // events 20 and 330 (both halves); "w" in the touches of event 390 only.
            var extra = i >= 250 ? ", \"pointerType\": \"touch\"" : ""
            if i == 390 { extra += ", \"w\": [1, {\"a\": 2}]" }
            let eventExtra = i == 20 || i == 330 ? ", \"z\": null" : ""
            events.append("{\"t\": \(Double(i) * 0.01), \"touches\": [" + touch(1, i == 399 ? "ended" : "moved", Double(i), extra: extra) + "]\(eventExtra)}")
        }
        let text = trace(events)
        expectSame(text, "unknown keys")
        expectSame(text, "unknown keys, collecting", options: TraceReadOptions(collectAllProblems: true))
        expectSame(text, "unknown keys, strict", options: TraceReadOptions(reportUnknownKeys: true))
        // The warnings, by hand: "z" first at event 20, "pointerType" first at event 250,
        // touches[0], "w" at event 390, touches[0], in that order.
        // (The summary lists the warnings' descriptions as an array prints them, quotes escaped.)
        let warnings = read(text, parallel: true).summary
        let z = try #require(warnings.range(of: #"unknown key \"z\" in event 20 (ignored)"#))
        let pointer = try #require(warnings.range(of: #"unknown key \"pointerType\" in event 250, touches[0] (ignored)"#))
        let w = try #require(warnings.range(of: #"unknown key \"w\" in event 390, touches[0] (ignored)"#))
        #expect(z.lowerBound < pointer.lowerBound && pointer.lowerBound < w.lowerBound)
        // The other thread's parts were taken in, with one part and with all of them read first
        // (with none waited for, the first thread may read every part itself: a race, not a test).
        for readFirst in [1, LaterParts<ParallelStrokesTests.CountingStore>.count] {
            var options = TraceReadOptions()
            options.parallelMinimumBytes = 0
            options.laterPartsReadFirst = readFirst
            var store = ParallelStrokesTests.CountingStore()
            _ = try Trace.parse(SourceFile(path: "t.trace.json", bytes: Array(text.utf8)), options: options, consumer: &store)
            #expect(store.joined > 0, "\(readFirst) parts read first")
            #expect(store.store.eventCount == 400)
        }
    }

    /// The plain steps pass over the key they passed over last without looking it up again:
    /// keys that differ from it in one byte, in length, or that are too long to be kept so, are
    /// each still warned of once, at their first place; a key written with an escape is the
    /// key it decodes to; keys taking turns are passed over as often as they come.
    @Test func keysLikeTheOnePassedOverAreEachWarnedOfOnce() throws {
        func touch(_ phase: String, _ x: Double, extra: String) -> String {
            "{\"id\": 1, \"phase\": \"\(phase)\", \"x\": \(x), \"y\": 2\(extra)}"
        }
        var events: [String] = ["{\"t\": 0, \"touches\": [" + touch("began", 1, extra: "") + "]}"]
        for i in 1..<300 {
            var key = "pointerType"
            if i == 100 { key = "pointerTypf" }                 // the same length, its last byte other
            if i == 200 { key = "pointerTyp" }                  // one byte shorter
            if i == 220 { key = "pointer\\u0054ype" }          // "pointerType", with an escape
            var extra = i >= 10 ? ", \"\(key)\": \"touch\"" : ""
            // 17 bytes, more than are kept: looked up each time (from event 150 on, every 10th).
            if i >= 150 && i % 10 == 0 { extra += ", \"pointerTypeExtras\": 1" }
            // "a" in events 260 to 279, taking turns with "pointerType" in their touches; "b" in 270.
            var eventExtra = (260..<280).contains(i) ? ", \"a\": 1" : ""
            if i == 270 { eventExtra += ", \"b\": [2]" }
            events.append("{\"t\": \(Double(i) * 0.01), \"touches\": [" + touch(i == 299 ? "ended" : "moved", Double(i), extra: extra) + "]\(eventExtra)}")
        }
        let text = trace(events)
        expectSame(text, "keys alike")
        expectSame(text, "keys alike, strict", options: TraceReadOptions(reportUnknownKeys: true))
        // The warnings, by hand: each key at the first event that has it, in the order met.
        let trace = try Trace.parse(SourceFile(path: "t.trace.json", bytes: Array(text.utf8)), options: TraceReadOptions())
        let expected = [#""pointerType" in event 10, touches[0]"#, #""pointerTypf" in event 100, touches[0]"#,
                        #""pointerTypeExtras" in event 150, touches[0]"#, #""pointerTyp" in event 200, touches[0]"#,
                        #""a" in event 260"#, #""b" in event 270"#]
        let warnings = trace.summary.warnings.map(\.description)
        #expect(warnings.count == expected.count, "\(warnings)")
        for (warning, key) in zip(warnings, expected) {
            #expect(warning.hasSuffix("warning: unknown key \(key) (ignored)"), "\(warning)")
        }
        #expect(trace.summary.eventCount == 300)
        // Under --strict each is a problem, the first at event 10.
        let strict = problems(text, options: TraceReadOptions(reportUnknownKeys: true))
        #expect(strict.count == 1 && strict[0].hasSuffix(#"unknown key "pointerType" in event 10, touches[0] (ignored unless --strict)"#), "\(strict)")
    }

    /// Events that begin with another key than `t` or `touches` (a recorder's `"type"`, written
    /// first in each) are cut into parts too, at the events' starts, and read as one thread
    /// reads them: the same events and the same warnings, with parts taken in; strokes that
    /// begin with another key are split likewise.
    @Test func eventsThatBeginWithAnotherKeyAreCutIntoPartsToo() throws {
        var events: [String] = []
        for i in 0..<400 {
            let phase = i == 0 ? "began" : (i == 399 ? "ended" : "moved")
            events.append("{\"type\": \"pointermove\", \"t\": \(Double(i) * 0.01), \"touches\": [{\"id\": 1, \"phase\": \"\(phase)\", \"x\": \(i), \"y\": 2}]}")
        }
        let text = trace(events)
        let starts = partStarts(text)
        #expect(starts.count == LaterParts<EventStore>.count - 1)
        // Each start is an event's `{`, its first key "type".
        let bytes = Array(text.utf8)
        for start in starts {
            #expect(bytes[start] == UInt8(ascii: "{") && String(decoding: bytes[start..<start + 8], as: UTF8.self) == "{\"type\":")
        }
        expectSame(text, "events beginning with \"type\"")
        expectSame(text, "events beginning with \"type\", strict", options: TraceReadOptions(reportUnknownKeys: true))
        var options = TraceReadOptions()
        options.parallelMinimumBytes = 0
        options.laterPartsReadFirst = LaterParts<ParallelStrokesTests.CountingStore>.count
        var store = ParallelStrokesTests.CountingStore()
        let trace = try Trace.parse(SourceFile(path: "t.trace.json", bytes: bytes), options: options, consumer: &store)
        #expect(store.joined > 0 && store.store.eventCount == 400)
        // One warning, at the first event, as one thread gives it.
        #expect(trace.summary.warnings.map(\.description) == [#"t.trace.json:2:2: warning: unknown key "type" in event 0 (ignored)"#])
        // Without the first event's first key among those looked for, no start is found.
        let found = bytes.withUnsafeBufferPointer { buffer in
            JSONCursor(buffer).objectElementStart(near: buffer.count / 2, after: 30, firstKeys: [Array("t".utf8), Array("touches".utf8)])
        }
        #expect(found == nil)
        // An empty first key, or one with an escape, is not looked for; such a trace reads as one
        // thread reads it.
        for key in ["", "\\u0074ype"] {
            let other = self.trace(events.map { $0.replacingOccurrences(of: "{\"type\":", with: "{\"\(key)\":") })
            #expect(partStarts(other).isEmpty, "first key \(key)")
            expectSame(other, "events beginning with \"\(key)\"")
        }
        // Strokes: the split is at a stroke's `{` whose first key is the first stroke's.
        let strokes = (0..<200).map { k in
            "{\"name\": \"s\(k)\", \"id\": \(k), \"points\": [[\(k), 1, 2], [\(Double(k) + 0.5), 3, 4]]}"
        }
        let strokesText = "{\"version\": 1, \"strokes\": [\n" + strokes.joined(separator: ",\n") + "\n]}"
        let strokeBytes = Array(strokesText.utf8)
        let open = strokeBytes.firstIndex(of: UInt8(ascii: "["))! + 1
        let split = strokeBytes.withUnsafeBufferPointer { StrokesSplit<IgnoringConsumer>(bytes: JSONCursor($0), strokesStart: open)?.split }
        let at = try #require(split)
        #expect(String(decoding: strokeBytes[at..<at + 8], as: UTF8.self) == "{\"name\":")
    }

    @Test func aFalseBoundaryInANestedValueIsNotTrusted() {
        // Near the middle, an event carries an unknown key whose value is a list of objects that
        // look like events: the split lands inside it, and the first thread reads on.
        var events: [String] = [event(0, [(1, "began", 1, 1)])]
        for i in 1..<40 { events.append(event(Double(i) * 0.01, [(1, "moved", Double(i), 2)])) }
        let lookalikes = (0..<200).map { "{\"t\": \($0), \"touches\": []}" }.joined(separator: ", ")
        events.append("{\"t\": 0.4, \"extra\": [\(lookalikes)], \"touches\": [{\"id\": 1, \"phase\": \"moved\", \"x\": 3, \"y\": 3}]}")
        for i in 41..<80 { events.append(event(Double(i) * 0.01, [(1, "moved", Double(i), 2)])) }
        let text = trace(events)
        var store = EventStore()
        var options = TraceReadOptions()
        options.parallelMinimumBytes = 0
        #expect(throws: Never.self) { _ = try Trace.parse(SourceFile(path: "t", bytes: Array(text.utf8)), options: options, consumer: &store) }
        #expect(store.eventCount == 81)
        expectSame(text, "false boundary")
    }

    @Test func touchesThatStayDownAcrossSeveralPartsReadTheSame() throws {
        // Touch 1 is down from the start to the end, listed only now and then; touch 2 begins in
        // the first part and is not listed again (still down at the end); touch 3 is first seen
        // in a later part and ends in the next-to-last; touch 4's id is reused in every part.
        var events: [String] = [event(0, [(1, "began", 1, 1), (2, "began", 5, 5)])]
        var t = 0.0
        for i in 1..<800 {
            t += 0.01
            var touches: [(Int, String, Double, Double)] = []
            if i % 97 == 0 { touches.append((1, "moved", Double(i), 3)) }
            if i == 300 { touches.append((3, "began", 7, 7)) } else if i > 300 && i < 690 && i % 5 == 0 { touches.append((3, "moved", Double(i), 8)) }
            if i == 690 { touches.append((3, "ended", 9, 9)) }
            switch i < 40 ? -1 : i % 40 {
            case 0: touches.append((4, "began", Double(i), 1))
            case 1..<30: touches.append((4, "moved", Double(i), Double(i % 40)))
            case 30: touches.append((4, "cancelled", 2, 2))
            default: break
            }
            events.append(event(t, touches))
        }
        let text = trace(events)
        #expect(partStarts(text).count == LaterParts<EventStore>.count - 1)
        expectSame(text, "touches across parts")
        let outcome = read(text, parallel: true, readFirst: LaterParts<EventStore>.count)
        #expect(outcome.problems.isEmpty, "\(outcome.problems.prefix(2))")
        #expect(outcome.summary.contains("touch 1 is still down") && outcome.summary.contains("touch 2 is still down"), "\(outcome.summary)")
    }

    /// The parts are smallest where the threads meet, near the middle, and grow towards the
    /// ends: boundaries in order, symmetric about the middle (one at it), the two parts beside
    /// it under 1% of the array, each part no smaller than the next one closer to the middle.
    @Test func thePartsAreSmallestAtTheMiddle() {
        let count = LaterParts<EventStore>.count
        for span in [4_000_000, 20_000_000, 1_000_000_007] {
            let bounds = [0] + (1..<count).map { LaterParts<EventStore>.target(ofPart: $0, span: span) } + [span]
            let sizes = zip(bounds.dropFirst(), bounds).map { $0 - $1 }
            #expect(sizes.allSatisfy { $0 > 0 }, "\(span): \(bounds)")
            #expect(bounds[count / 2] == span / 2)
            for k in 0..<count / 2 {
                #expect(abs(sizes[k] - sizes[count - 1 - k]) <= 2, "\(span): part \(k) \(sizes[k]), part \(count - 1 - k) \(sizes[count - 1 - k])")
                if k > 0 { #expect(sizes[k] <= sizes[k - 1], "\(span): part \(k) is larger than part \(k - 1)") }
            }
            #expect(sizes[count / 2 - 1] * 100 < span && sizes[count / 2] * 100 < span)
            // The outermost part: 1 − (7/8)², about 23% of the half-array.
            #expect(sizes[0] == span / 2 - (span / 2) * 49 / 64)
        }
    }

    @Test func aProblemInTheThirdPartReadsTheSame() throws {
        var events: [String] = [event(0, [(1, "began", 1, 1)])]
        for i in 1..<800 { events.append(event(Double(i) * 0.01, [(1, i % 50 == 49 ? "ended" : (i % 50 == 0 ? "began" : "moved"), Double(i), 2)])) }
        let starts = partStarts(trace(events))
        try #require(starts.count >= 3)
        // Events inside the third part (from the second start to the third).
        let first = eventIndex(at: starts[1], in: events) + 1
        let last = eventIndex(at: starts[2], in: events) - 2
        try #require(first < last)
        var variants: [[String]] = []
        var v = events; v[first] = event(Double(first) * 0.01, [(7, "moved", 1, 1)]); variants.append(v)           // not down
        v = events; v[last] = event(0.5, [(1, "moved", 1, 1)]); variants.append(v)                               // time backwards
        v = events; v[first + 1] = "{\"t\": 1, \"touches\": [{\"id\": 1, \"phase\": \"mov\", \"x\": 1, \"y\": 1}]}"; variants.append(v)
        // A touch that ended in the second part moves in the third; a problem in the third and one in the last.
        let ended = (eventIndex(at: starts[0], in: events) / 50) * 50 + 49
        v = events; v[last] = event(Double(last) * 0.01, [(1, "moved", 1, 1), (1000 + ended, "moved", 2, 2)])
        v[790] = event(7.9, [(1, "moved", 1, 1), (1, "moved", 1, 1)]); variants.append(v)
        for (k, variant) in variants.enumerated() {
            expectSame(trace(variant), "third part, variant \(k)")
            expectSame(trace(variant), "third part, variant \(k), collecting", options: TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true))
            #expect(!read(trace(variant), parallel: false, options: TraceReadOptions(collectAllProblems: true)).problems.isEmpty)
        }
    }

    @Test func randomTracesReadTheSame() {
        var seed: UInt64 = 7
        func random(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for round in 0..<200 {
            var events: [String] = []
            var down: [Int] = []
            var nextID = 1
            var t = 0.0
            for _ in 0..<(20 + random(200)) {
                var touches: [(Int, String, Double, Double)] = []
                if down.isEmpty || (down.count < 4 && random(6) == 0) {
                    touches.append((nextID, "began", Double(random(400)), Double(random(800))))
                    nextID += random(3) == 0 ? 0 : 1
                }
                for id in down where random(4) != 0 {
                    touches.append((id, random(30) == 0 ? (random(2) == 0 ? "ended" : "cancelled") : "moved", Double(random(400)), Double(random(800))))
                }
                for touch in touches {
                    if touch.1 == "began" { down.append(touch.0) }
                    if touch.1 == "ended" || touch.1 == "cancelled" { down.removeAll { $0 == touch.0 } }
                }
                if nextID == touches.first?.0 && touches.first?.1 == "began" { nextID += 1 }
                t += Double(random(20)) / 1000
                events.append(event(t, touches))
            }
            // Now and then a mistake, anywhere.
            if random(4) == 0 { events[random(events.count)] = event(t, [(999, "moved", 1, 1)]) }
            expectSame(trace(events), "random trace \(round)")
        }
    }

    @Test func everyFixtureAndMalformedInputReadsTheSame() throws {
        var root = #filePath
        for _ in 0..<4 { root = String(root[..<root.lastIndex(of: "/")!]) }
        let paths = try Fixture.discover([root + "/traces", root + "/Tests/TouchTraceCLITests/Malformed"]).map(\.tracePath)
        #expect(paths.count > 90)
        for path in paths {
            let text = String(decoding: (try? SourceFile.read(path: path).bytes) ?? [], as: UTF8.self)
            expectSame(text, path)
        }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(target) {
                return String(self[..<i]) + replacement + String(self[index(i, offsetBy: target.count)...])
            }
            i = index(after: i)
        }
        return self
    }
}
