import Testing
@testable import TouchTrace

/// A merge whose events go nowhere (`validate`, and the check before a replay) passes over the
/// middle of a stroke that is down alone, counting its events (`StrokeTail`). It must find
/// exactly what the merge point by point finds: the same summary (events, touches, largest
/// coordinates, first and last time, warnings) and the same problems at the same places, with
/// one thread or two.
@Suite struct StrokeTailsTests {
    struct Outcome: Equatable {
        var summary: String
        var problems: [String]
    }

    /// Reads `text` as `validate` does (its events go nowhere), from the bytes (no points
    /// kept), with the strokes' tails or without; also gives how many points were passed over
    /// (by this thread).
    func read(_ text: String, tails: Bool, parallel: Bool, options: TraceReadOptions) -> (outcome: Outcome, passed: Int) {
        var options = options
        options.keptStrokesMaximumBytes = 0
        options.strokeTailsMaximum = tails ? TraceReader.strokeTailsMaximum : 0
        options.parallelMinimumBytes = parallel ? 0 : Int.max
        let source = SourceFile(path: "t.trace.json", bytes: Array(text.utf8))
        var passed = 0
        do {
            let trace = try TextScope().run { () throws(TraceErrors) -> Trace in
                var reader = TraceReader(source: source, options: options)
                defer { passed = reader.middlePointsPassedOver }
                var consumer = IgnoringConsumer()
                return try reader.read(consumer: &consumer)
            }
            let s = trace.summary
            let summary = "\(s.eventCount) \(s.touchCount) \(s.maxX) \(s.maxY) \(String(describing: s.firstTime)) \(String(describing: s.lastTime)) \(s.warnings.map(\.description))"
            return (Outcome(summary: summary, problems: []), passed)
        } catch {
            return (Outcome(summary: "", problems: error.errors.map(\.description)), passed)
        }
    }

    /// A strokes trace, one stroke a line.
    func trace(_ strokes: [String]) -> String {
        "{\"version\": 1, \"screen\": {\"width\": 400, \"height\": 900}, \"strokes\": [\n" + strokes.joined(separator: ",\n") + "\n]}"
    }

    func stroke(_ id: Int, _ points: [(Double, Double, Double)], extra: String = "") -> String {
        "{\"id\": \(id), \"points\": [" + points.map { "[\($0.0), \($0.1), \($0.2)]" }.joined(separator: ", ") + "]\(extra)}"
    }

    /// The same stroke pretty-printed as scripts write it, each number of a point on a line of
    /// its own (read with the spacing learned from its first point).
    func prettyStroke(_ id: Int, _ points: [(Double, Double, Double)], extra: String = "") -> String {
        "{\n  \"id\": \(id),\n  \"points\": [\n"
            + points.map { "    [\n      \($0.0),\n      \($0.1),\n      \($0.2)\n    ]" }.joined(separator: ",\n")
            + "\n  ]\(extra)\n}"
    }

    /// Reads `text` with the tails and without, one thread and two, stopping at the first
    /// problem, collecting them all, and under `--strict`; expects the same every time, and
    /// returns how many points one thread passed over with the tails.
    @discardableResult
    func expectSame(_ text: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var passed = 0
        for options in [TraceReadOptions(), TraceReadOptions(collectAllProblems: true), TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true)] {
            let plain = read(text, tails: false, parallel: false, options: options)
            #expect(plain.passed == 0, sourceLocation: sourceLocation)
            for parallel in [false, true] {
                let withTails = read(text, tails: true, parallel: parallel, options: options)
                let label = "\(label), collecting \(options.collectAllProblems), strict \(options.reportUnknownKeys), two threads \(parallel)"
                #expect(plain.outcome == withTails.outcome, "\(label): \(plain.outcome) / \(withTails.outcome)", sourceLocation: sourceLocation)
                if !parallel { passed = max(passed, withTails.passed) }
            }
        }
        return passed
    }

    /// Three strokes one after another, with gaps: each of 10 points passes over its points 1
    /// to 7 (the first is read to begin it, then the alone path starts at point 1; points 8 and
    /// 9 are read one by one): 7 points each, 21 in all; 30 events.
    @Test func strokesOneAfterAnotherPassOverTheirMiddles() {
        let strokes = (0..<3).map { k in
            stroke(k + 1, (0..<10).map { i in (Double(k) + Double(i) * 0.01, Double(10 * k + i), Double(300 - i)) })
        }
        let text = trace(strokes)
        #expect(expectSame(text, "one after another") == 21)
        #expect(read(text, tails: true, parallel: false, options: TraceReadOptions()).outcome.summary.hasPrefix("30 3 29.0 300.0 Optional(0.0) Optional(2.09)"))
    }

    /// A stroke that another begins during, or at its last point's very time, is read point
    /// by point from there (the events at one time are one event). Times are in 64ths of a
    /// second, exact in binary and in decimal.
    @Test func strokesThatMeetOrOverlapAreReadPointByPoint() {
        func t(_ n: Int) -> Double { Double(n) / 64 }
        let a = stroke(1, (0..<10).map { i in (t(i), Double(i), 1) })
        // Begins at a's last time (9): their points there make one event.
        let b = stroke(2, (0..<10).map { i in (t(9 + i), Double(i), 2) })
        // Begins in b's middle (12, b ends at 18).
        let c = stroke(3, (0..<10).map { i in (t(12 + i), Double(i), 3) })
        // Two points at each of six times: each point makes an event of its own.
        let d = stroke(4, (0..<12).map { i in (t(64 + i / 2), Double(i), 4) })
        let text = trace([a, b, c, d])
        expectSame(text, "meeting and overlapping")
        // a, b and c: one event at each time from 0 to 21 (22); d: 12. The largest x is d's
        // last (11), the largest y d's (4); the last time 69/64.
        #expect(read(text, tails: true, parallel: false, options: TraceReadOptions()).outcome.summary.hasPrefix("34 4 11.0 4.0 Optional(0.0) Optional(1.078125)"))
    }

    /// Fingers of one gesture recorded together: strokes whose times are those of the stroke
    /// before them, one for one, pass over their middles together when they alone are down.
    /// Times are in 64ths of a second, exact in binary and in decimal.
    @Test func twinStrokesPassOverTheirMiddlesTogether() {
        func t(_ n: Int) -> Double { Double(n) / 64 }
        func finger(_ id: Int, from start: Int, x: Double, peak: Double? = nil) -> String {
            stroke(id, (0..<10).map { i in (t(start + i), i == 4 ? peak ?? x + 4 : x + Double(i), i == 4 ? peak ?? 100 + x : 100 + x) })
        }
        // Two fingers at times 0–9, three at 20–29 (the second's point 4 at 300, 300, the
        // trace's largest coordinates, passed over), one at 40–49.
        let together = [finger(1, from: 0, x: 10), finger(2, from: 0, x: 20),
                        finger(3, from: 20, x: 30), finger(4, from: 20, x: 40, peak: 300), finger(5, from: 20, x: 50),
                        finger(6, from: 40, x: 5)]
        // Each group begins in an event of its own touches began (point 0); from point 1 the
        // events up to point 7 (10 - 2 - 1 = 7 events) are passed over, each stroke's points
        // 1–7: 2 × 7 + 3 × 7 points, and the stroke alone 7 (as one after another above).
        #expect(expectSame(trace(together), "twins") == 2 * 7 + 3 * 7 + 7)
        // 30 events (one a time); 6 touches; the largest coordinates stroke 4's point 4 (300,
        // 300); the last time 49/64.
        #expect(read(trace(together), tails: true, parallel: false, options: TraceReadOptions()).outcome.summary
            .hasPrefix("30 6 300.0 300.0 Optional(0.0) Optional(0.765625)"))

        // Not twins: one point's time differs (4.5 for 4, still in order), so those two points
        // are events of their own (11 events), read point by point; the alone stroke as before.
        let apart = stroke(2, (0..<10).map { i in (i == 4 ? t(4) + 1.0 / 128 : t(i), 20 + Double(i), 120) })
        #expect(expectSame(trace([together[0], apart, together[5]]), "one time apart") == 7)
        #expect(read(trace([together[0], apart, together[5]]), tails: true, parallel: false, options: TraceReadOptions())
            .outcome.summary.hasPrefix("21 3 "))
        // A twin with the first's id is a problem (began while down): the twins are read point
        // by point, with the messages of the merge point by point; collecting every problem,
        // the stroke alone after them passes over its 7.
        #expect(expectSame(trace([together[0], finger(1, from: 0, x: 20), together[5]]), "twin with the same id") == 7)
        // A stroke (10 points, from time 5) that begins in the twins' middle: they are read
        // point by point. Its points 0–4 are in events with theirs (the last at time 9, where
        // they end); its point 5 alone at time 10 moves it alone, and from its point 6 the
        // points up to two before its last are passed over: 6 and 7.
        #expect(expectSame(trace([together[0], together[1], finger(7, from: 5, x: 60)]), "twins and one beginning in their middle") == 2)
        // One that begins at the twins' last time (9): their events are not passed over (a
        // stroke begins no later than their last point); its point 1 alone at time 10, then its
        // points 2–7 passed over: 6.
        #expect(expectSame(trace([together[0], together[1], finger(7, from: 9, x: 60)]), "twins and one at their end") == 6)
        // One that begins just after (10): the twins' 2 × 7, and its own 7.
        #expect(expectSame(trace([together[0], together[1], finger(7, from: 10, x: 60)]), "twins and one after them") == 2 * 7 + 7)
    }

    @Test func randomStrokesReadTheSame() {
        // A small deterministic generator (linear congruential, modulo 2^31), so that failures
        // repeat.
        var state = 20_261_130
        func next(_ n: Int) -> Int {
            state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
            return (state >> 8) % n
        }
        var passed = 0
        var prettyPassed = 0
        for round in 0..<40 {
            var strokes: [String] = []
            var prettyStrokes: [String] = []
            var t = 0.0
            for k in 0..<(20 + next(40)) {
                // Mostly one after another with a gap; sometimes beginning at the last time of
                // the one before or in its middle, or before it; lengths from a tap to long
                // strokes, some with points at one time; ids from a small set (a stroke down
                // twice is a problem); now and then a point back in time, or another key.
                let points = next(4) == 0 ? 2 + next(3) : 4 + next(30)
                let step = next(6) == 0 ? 0.0 : 0.01 * Double(1 + next(3))
                switch next(10) {
                case 0: t -= Double(next(5)) * 0.01
                case 1: break
                default: t += 0.05 * Double(next(4))
                }
                var list = (0..<points).map { i in (t + step * Double(i / (next(5) == 0 ? 1 : 2) * 2 / 2), Double((k * 7 + i * 3) % 390), Double((k * 11 + i) % 840)) }
                list.sort { $0.0 < $1.0 }
                if next(40) == 0 { list[points / 2].0 -= 1 }
                let extra = next(30) == 0 ? ", \"pointerType\": \"touch\"" : ""
                let id = 1 + next(10)
                strokes.append(stroke(id, list, extra: extra))
                prettyStrokes.append(prettyStroke(id, list, extra: extra))
                if next(4) == 0 {
                    // Other fingers of the same gesture: the same times (twins), now and then
                    // but for one point's, or with an id of a stroke down.
                    for finger in 1...(1 + next(2)) {
                        var twin = list.map { ($0.0, $0.1 + Double(finger), $0.2 + 2 * Double(finger)) }
                        if next(8) == 0 { twin[next(points)].0 += next(2) == 0 ? 0.005 : -0.005 }
                        twin.sort { $0.0 < $1.0 }
                        let twinID = next(8) == 0 ? id : 20 + next(30)
                        strokes.append(stroke(twinID, twin))
                        prettyStrokes.append(prettyStroke(twinID, twin))
                    }
                }
                t = list.last!.0 + (next(3) == 0 ? 0 : 0.01)
            }
            passed += expectSame(trace(strokes), "round \(round)")
            // Pretty-printed, the same: with the tails and without, and as the one-line trace
            // (but for the places of problems and warnings, which differ).
            prettyPassed += expectSame(trace(prettyStrokes), "round \(round), a number a line")
            let oneLine = read(trace(strokes), tails: true, parallel: false, options: TraceReadOptions()).outcome
            let pretty = read(trace(prettyStrokes), tails: true, parallel: false, options: TraceReadOptions()).outcome
            #expect(oneLine.problems.count == pretty.problems.count, "round \(round)")
            #expect(oneLine.summary.split(separator: "[").first == pretty.summary.split(separator: "[").first, "round \(round)")
        }
        // The tails were used, in both layouts.
        #expect(passed > 1000 && prettyPassed > 1000, "\(passed), \(prettyPassed)")
    }
}
