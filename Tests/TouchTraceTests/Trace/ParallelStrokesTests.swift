import Testing
@testable import TouchTrace

/// Reading a `strokes` array with two threads (the strokes from a split near the middle checked
/// and merged on another thread) must give exactly what one thread gives: the same events,
/// summary, warnings and problems, in the same order and at the same places.
@Suite struct ParallelStrokesTests {
    /// An event store that counts the later parts taken in, so that a test can tell that the
    /// other thread's work was used (or not).
    struct CountingStore: TouchEventConsumer {
        var store = EventStore()
        var joined = 0

        mutating func consume(_ event: borrowing TouchEvent) { store.consume(event) }
        static func emptyForLaterPart() -> CountingStore? { CountingStore() }
        mutating func appendLaterPart(_ later: CountingStore) {
            store.appendLaterPart(later.store)
            joined += 1 + later.joined
        }
    }

    struct Outcome: Equatable {
        var summary: String
        var events: [String]
        var problems: [String]
        /// Later parts taken in (0 for a reading with one thread).
        var joined = 0
    }

    /// `readFirst`: the other thread checks and merges its part before this one begins.
    func read(_ text: String, parallel: Bool, readFirst: Bool = false, options: TraceReadOptions = TraceReadOptions()) -> Outcome {
        var options = options
        options.parallelMinimumBytes = parallel ? 0 : Int.max
        options.laterPartsReadFirst = readFirst ? 1 : 0
        var consumer = CountingStore()
        do {
            let trace = try Trace.parse(SourceFile(path: "t.trace.json", bytes: Array(text.utf8)), options: options, consumer: &consumer)
            let s = trace.summary
            let summary = "\(s.eventCount) \(s.touchCount) \(s.maxX) \(s.maxY) \(String(describing: s.firstTime)) \(String(describing: s.lastTime)) \(s.warnings.map(\.description))"
            let store = consumer.store
            let events = (0..<store.eventCount).map { i in
                "\(store.times[i]):" + store.touches(ofEvent: i).map { "\(store.ids[$0])\(store.phases[$0])\(store.xs[$0]),\(store.ys[$0])" }.joined(separator: ";")
            }
            return Outcome(summary: summary, events: events, problems: [], joined: consumer.joined)
        } catch {
            return Outcome(summary: "", events: [], problems: error.errors.map(\.description), joined: consumer.joined)
        }
    }

    /// Reads `text` with one thread and with two (the other thread done first, or racing), stopping at the first
    /// problem and collecting all of them (as `validate` does), and expects the same every
    /// time; returns how many later parts the two-thread readings took in (the same for each).
    @discardableResult
    func expectSame(_ text: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Int] {
        var joins: [Int] = []
        for options in [TraceReadOptions(), TraceReadOptions(collectAllProblems: true), TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true)] {
            let one = read(text, parallel: false, options: options)
            for readFirst in [false, true] {
                let two = read(text, parallel: true, readFirst: readFirst, options: options)
                let label = "\(label), collecting \(options.collectAllProblems), strict \(options.reportUnknownKeys), read first \(readFirst)"
                #expect(one.summary == two.summary, "\(label): \(one.summary) / \(two.summary)", sourceLocation: sourceLocation)
                #expect(one.problems == two.problems, "\(label): \(one.problems.prefix(3)) / \(two.problems.prefix(3))", sourceLocation: sourceLocation)
                #expect(one.events.count == two.events.count, "\(label): \(one.events.count) / \(two.events.count) events", sourceLocation: sourceLocation)
                if let i = one.events.indices.first(where: { $0 < two.events.count && one.events[$0] != two.events[$0] }) {
                    Issue.record("\(label): event \(i) is \(one.events[i]) / \(two.events[i])", sourceLocation: sourceLocation)
                }
                #expect(one.joined == 0)
                joins.append(two.joined)
            }
        }
        return joins
    }

    /// A strokes trace, one stroke a line: line 1 is the header, stroke k is on line k + 2.
    func trace(_ strokes: [String]) -> String {
        "{\"version\": 1, \"strokes\": [\n" + strokes.joined(separator: ",\n") + "\n]}"
    }

    func stroke(_ id: Int, _ points: [(Double, Double, Double)]) -> String {
        "{\"id\": \(id), \"points\": [" + points.map { "[\($0.0), \($0.1), \($0.2)]" }.joined(separator: ", ") + "]}"
    }

    /// `count` strokes one after another: stroke k begins at k × 0.1 s and lasts 0.05 s, in
    /// four points; every fifth overlaps the next one (a second finger).
    func strokes(_ count: Int) -> [String] {
        (0..<count).map { k in
            let t0 = Double(k) / 10
            let length = k % 5 == 0 ? 0.15 : 0.05
            return stroke(k % 7 + 1 + (k % 5 == 0 ? 100 : 0), (0..<4).map { i in (t0 + length * Double(i) / 3, Double(k % 50), Double(i)) })
        }
    }

    /// The offset of the split: a stroke's `{` near the middle of the array.
    func split(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        let start = bytes.firstIndex(of: UInt8(ascii: "["))! + 1
        return bytes.withUnsafeBufferPointer { StrokesSplit<EventStore>(bytes: JSONCursor($0), strokesStart: start)?.split }
    }

    /// The index of the stroke that starts at `offset` in `trace(strokes)`.
    func strokeIndex(at offset: Int, in strokes: [String]) -> Int? {
        var position = "{\"version\": 1, \"strokes\": [\n".utf8.count
        for (i, s) in strokes.enumerated() {
            if position == offset { return i }
            position += s.utf8.count + 2
        }
        return nil
    }

    @Test func cleanStrokesAreJoinedAndReadTheSame() throws {
        let good = strokes(200)
        let text = trace(good)
        let at = try splitStroke(good)
        #expect(at > 80 && at < 120)
        // Every reading with two threads took the other thread's merge in.
        #expect(expectSame(text, "clean") == Array(repeating: 1, count: 6))
    }

    @Test func aProblemAfterTheSplitIsReportedAsWithOneThread() throws {
        let good = strokes(200)
        let at = try splitStroke(good)
        let late = at + 40
        var variants: [[String]] = []
        // Time goes backwards inside a stroke (a problem of the check).
        var v = good
        v[late] = stroke(3, [(Double(late) / 10, 1, 1), (Double(late) / 10 - 0.01, 2, 2)])
        variants.append(v)
        // A touch id reused while it is down (a problem of the merge): stroke late + 1 begins
        // while stroke late is down, with its id.
        v = good
        v[late] = stroke(9, [(Double(late) / 10, 1, 1), (Double(late) / 10 + 0.2, 2, 2)])
        v[late + 1] = stroke(9, [(Double(late + 1) / 10, 1, 1), (Double(late + 1) / 10 + 0.01, 2, 2)])
        variants.append(v)
        // A stroke of one point, a stroke that is not an object, a coordinate out of range.
        v = good; v[late] = stroke(3, [(Double(late) / 10, 1, 1)]); variants.append(v)
        v = good; v[late] = "[1, 2]"; variants.append(v)
        v = good; v[late] = stroke(3, [(Double(late) / 10, 1, 1), (Double(late) / 10 + 0.01, 2e9, 2)]); variants.append(v)
        // A syntax error after the split, with a problem before it too: the syntax error alone.
        v = good; v[late] = "{\"id\": 3, \"points\": [[1, 2, 3], [1, 2, 3]"; variants.append(v)
        v[10] = stroke(3, [(1, 1, 1)]); variants.append(v)
        // Problems in both halves.
        v = good; v[10] = stroke(3, [(1, 1, 1)]); v[late] = stroke(3, [(Double(late) / 10, 1, 1)]); variants.append(v)
        for (k, variant) in variants.enumerated() {
            let joins = expectSame(trace(variant), "variant \(k)")
            // The other thread's part has a problem: it is never taken in.
            #expect(joins.allSatisfy { $0 == 0 }, "variant \(k): \(joins)")
        }
    }

    @Test func problemsBeforeTheSplitOnlyAreReportedAndThePartIsTakenIn() throws {
        let good = strokes(200)
        _ = try splitStroke(good)
        var variants: [[String]] = []
        // A stroke of one point (left out of the merge) and a touch id reused while it is down
        // (dropped by the merge), both early: the first thread's problems.
        var v = good; v[10] = stroke(3, [(1, 1, 1)]); variants.append(v)
        v = good
        v[20] = stroke(9, [(2, 1, 1), (2.2, 2, 2)])
        v[21] = stroke(9, [(2.1, 1, 1), (2.11, 2, 2)])
        variants.append(v)
        for (k, variant) in variants.enumerated() {
            // Stopping at the first problem, nothing is merged; collecting them (validate), the
            // other thread's part is taken in after the first thread's messages.
            #expect(expectSame(trace(variant), "variant \(k)") == [0, 0, 1, 1, 1, 1], "variant \(k)")
        }
    }

    /// The index of the stroke at the split of `trace(strokes)`.
    func splitStroke(_ strokes: [String]) throws -> Int {
        let offset = try #require(split(trace(strokes)))
        return try #require(strokeIndex(at: offset, in: strokes))
    }

    @Test func theFirstProblemAfterTheSplitIsAtItsPlace() throws {
        let good = strokes(200)
        let at = try splitStroke(good)
        let late = at + 40
        var v = good
        // Derivation: stroke `late` is on line late + 2 (line 1 is the header); its second
        // point's time is the value after `"points": [[<t0>, 1.0, 1.0], [` (column counted
        // from 1), and the message names it as the stroke's point 1, with both times in four
        // decimals (t0 has one: "\(t0)000").
        let t0 = Double(late) / 10
        v[late] = stroke(3, [(t0, 1, 1), (t0 - 0.5, 2, 2)])
        let column = "{\"id\": 3, \"points\": [[\(t0), 1.0, 1.0], [".utf8.count + 1
        let expected = "t.trace.json:\(late + 2):\(column): stroke \(late), point 1: time goes backwards (t=\(t0 - 0.5)000 after t=\(t0)000)"
        for readFirst in [false, true] {
            let two = read(trace(v), parallel: true, readFirst: readFirst, options: TraceReadOptions(collectAllProblems: true))
            #expect(two.problems == [expected])
        }
    }

    @Test func strokesOutOfOrderAcrossTheSplitAreSortedAsWithOneThread() throws {
        let good = strokes(200)
        let at = try splitStroke(good)
        var variants: [[String]] = []
        // The first stroke after the split begins before the last one before it.
        var v = good; v.swapAt(at - 1, at); variants.append(v)
        // A stroke after the split begins before one of the first half's.
        v = good; v[at + 30] = stroke(40, [(0.55, 1, 1), (0.56, 2, 2)]); variants.append(v)
        // Out of order within the later part only.
        v = good; v.swapAt(at + 20, at + 21); variants.append(v)
        // Out of order within the first part only.
        v = good; v.swapAt(20, 21); variants.append(v)
        for (k, variant) in variants.enumerated() {
            let joins = expectSame(trace(variant), "variant \(k)")
            #expect(joins.allSatisfy { $0 == 0 }, "variant \(k): \(joins)")
        }
    }

    @Test func unusualStrokesReadTheSame() throws {
        let good = strokes(200)
        let at = try splitStroke(good)
        // An unknown key (a warning; a problem with --strict) and keys in another order, after
        // the split: the other thread's part is taken in, and the key warned of at its place;
        // with --strict the first thread reads that part itself.
        var v = good
        v[at + 30] = "{\"points\": [[\(Double(at + 30) / 10), 1, 1], [\(Double(at + 30) / 10 + 0.01), 2, 2]], \"id\": \"s\", \"pressure\": 1}"
        #expect(expectSame(trace(v), "after the split") == [1, 1, 1, 1, 0, 0])
        // The same before the split: the other thread's part is taken in (with --strict too:
        // the unknown key is then a problem, and validate reads on and merges).
        v = good
        v[30] = "{\"points\": [[3.0, 1, 1], [3.01, 2, 2]], \"id\": \"s\", \"pressure\": 1}"
        #expect(expectSame(trace(v), "before the split") == [1, 1, 1, 1, 1, 1])
        // Keys in another order only, after the split: a stroke written as usual (one `id`, one
        // `points`, in any order), so the other thread's part is taken in.
        v = good
        v[at + 30] = "{\"points\": [[\(Double(at + 30) / 10), 1, 1], [\(Double(at + 30) / 10 + 0.01), 2, 2]], \"id\": 5}"
        #expect(expectSame(trace(v), "reordered") == [1, 1, 1, 1, 1, 1])
    }

    /// Strokes with keys besides `id` and `points` (a recorder's `pointerType` in each, and
    /// others in some, met first before the split, after it, or on both sides; values with
    /// brackets and braces in their strings) are checked and merged by the other thread too,
    /// with each key warned of once, where reading with one thread first meets it; with
    /// --strict each is a problem, and the first thread reads on alone.
    @Test func strokesWithOtherKeysAreReadWithTwoThreads() throws {
        let withType = strokes(200).map { $0.replacingOccurrences(of: ", \"points\": ", with: ", \"pointerType\": \"touch\", \"points\": ") }
        let at = try splitStroke(withType)
        var variants: [(String, [String])] = [("pointerType", withType)]
        var v = withType
        v[at + 20] = v[at + 20].replacingOccurrences(of: "\"pointerType\":", with: "\"tilt\": [\"]}\", {\"a\": \"{\"}], \"pointerType\":")
        v[at + 40] = v[at + 40].replacingOccurrences(of: "]]}", with: "]], \"pressure\": 0.5, \"tilt\": 2}")
        variants.append(("new keys after the split", v))
        v[10] = v[10].replacingOccurrences(of: "]]}", with: "]], \"tilt\": {\"x\": [1, \"]\"]}}")
        variants.append(("a key on both sides", v))
        for (label, strokes) in variants {
            #expect(expectSame(trace(strokes), label) == [1, 1, 1, 1, 0, 0], "\(label)")
        }
        // The warnings: each key once, at its first place in the file.
        for (variant, keys) in [(1, ["pointerType 0", "tilt \(at + 20)", "pressure \(at + 40)"]), (2, ["pointerType 0", "tilt 10", "pressure \(at + 40)"])] {
            var options = TraceReadOptions(collectAllProblems: true)
            options.parallelMinimumBytes = 0
            var consumer = CountingStore()
            let text = trace(variants[variant].1)
            let read = try Trace.parse(SourceFile(path: "t.trace.json", bytes: Array(text.utf8)), options: options, consumer: &consumer)
            #expect(consumer.joined == 1)
            let expected = keys.map { key in
                let parts = key.split(separator: " ")
                return "warning: unknown key \"\(parts[0])\" in stroke \(parts[1]) (ignored)"
            }
            #expect(read.summary.warnings.map { String($0.description.split(separator: ": ", maxSplits: 1)[1]) } == expected)
        }
    }

    @Test func strokesDownAcrossTheSplitAndOneHugeStrokeReadTheSame() throws {
        var good = strokes(200)
        let at = try splitStroke(good)
        // A stroke of the first half is still down when the first stroke after the split
        // begins, and ends before the next: the other thread's events begin after it has
        // ended, where this thread has nothing down either, and are taken in.
        good[at - 1] = stroke(500, [(Double(at - 1) / 10, 1, 1), (Double(at) / 10 + 0.07, 9, 9)])
        #expect(expectSame(trace(good), "down across") == [1, 1, 1, 1, 1, 1])
        // Down until well after the split: the other thread's events begin at the first stroke
        // after the split that begins with none of the part's strokes down, where this thread
        // still has it down: not taken in.
        good[at - 1] = stroke(500, [(Double(at - 1) / 10, 1, 1), (Double(at + 10) / 10 + 0.01, 9, 9)])
        #expect(expectSame(trace(good), "down long").allSatisfy { $0 == 0 })
        // A stroke that stays down to the end: no stroke begins with nothing down after the split.
        good[at - 1] = stroke(500, [(Double(at - 1) / 10, 1, 1), (100, 9, 9)])
        #expect(expectSame(trace(good), "down to the end").allSatisfy { $0 == 0 })
        // One stroke, 3000 points: nowhere to split.
        let huge = trace([stroke(1, (0..<3000).map { (Double($0) / 100, Double($0 % 300), 1) })])
        #expect(split(huge) == nil)
        expectSame(huge, "one huge stroke")
    }

    @Test func randomStrokesReadTheSame() {
        // A small deterministic generator (linear congruential, modulo 2^31), so that failures
        // repeat.
        var state = 20_261_129
        func next(_ n: Int) -> Int {
            state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
            return (state >> 8) % n
        }
        for round in 0..<40 {
            var strokes: [String] = []
            var t = 0.0
            for k in 0..<(60 + next(80)) {
                // Mostly in order; sometimes a stroke begins a little before the one before, or
                // at the same time; lengths from a tap to long overlaps; ids from a small set.
                t += Double(next(4)) * 0.05 - (next(10) == 0 ? 0.1 : 0)
                let points = 2 + next(5)
                let step = Double(next(3)) * 0.05
                strokes.append(stroke(next(12), (0..<points).map { i in (t + step * Double(i), Double((k * 7 + i) % 90), Double(i)) }))
            }
            expectSame(trace(strokes), "round \(round)")
        }
    }
}
