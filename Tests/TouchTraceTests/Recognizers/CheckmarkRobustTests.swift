import Testing
@testable import TouchTrace

@Suite struct CheckmarkRobustTests {
    let scene = singleViewScene(recognizers: [("robust", CheckmarkRobustRecognizer())])

    /// The records of one stroke (first point began, last ended), drawn 100 points in from the
    /// view's corner.
    func replay(_ points: [(Double, Double)]) throws -> [Record] {
        let events: [(t: Double, touches: [T])] = points.enumerated().map { i, p in
            (Double(i) * 0.01, [(1, i == 0 ? "began" : (i == points.count - 1 ? "ended" : "moved"), p.0 + 100, p.1 + 100)])
        }
        return try records(traceJSON(events), scene: scene)
    }

    /// "recognized", or "failed: <reason>".
    func decision(_ points: [(Double, Double)]) throws -> String {
        let r = try replay(points)
        guard let final = r.last(where: { $0.event.description == "state" }) else { return "undecided" }
        if let reason = final.text("reason") { return "failed: " + reason }
        return final.to ?? "?"
    }

    @Test(arguments: [
        // The defaults (docs/checkmark-robust.md): jitter 11, leadInRise 34, minFall 12,
        // minRise 34, riseRatio 1.66. A rise of exactly `jitter` at the turn (20 → 9) is still
        // jitter; the real turn comes later (fall 20, rise 60).
        ([(0, 0), (5, 10), (10, 20), (15, 9), (25, -10), (40, -40)], "recognized"),
        // A v: the up stroke rises 44 points, less than 1.66 × 40 = 66.4.
        ([(0, 0), (10, 20), (20, 40), (30, 20), (40, -4)], "less than 1.66 times the 40.0-point down stroke: a v"),
        // Fall 25: exactly 1.66 × 25 = 41.5 passes; 41 fails.
        ([(0, 0), (10, 25), (20, 0), (30, -16.5)], "recognized"),
        ([(0, 0), (10, 25), (20, 0), (30, -16)], "rose 41.0 points, less than 1.66 times the 25.0-point down stroke"),
        // A backtrack of 11 points (12 → 1) is jitter; 11.5 is too much.
        ([(0, 0), (12, 20), (1, 22), (12, 0), (30, -30)], "recognized"),
        ([(0, 0), (12, 20), (0.5, 22), (12, 0), (30, -30)], "moved left by 11.5 points at (100.5, 122)"),
        // A lead-in up to 34 points above the start is allowed; 34.5 is not. (Fall 54, rise 120.)
        ([(0, 0), (5, -34), (10, 0), (15, 20), (25, -20), (50, -100)], "recognized"),
        ([(0, 0), (5, -34.5), (10, 0), (15, 20), (25, -20), (50, -100)], "rose 34.5 points above the start"),
        // Falling 11.5 points is not yet a down stroke: the stroke is still in its lead-in; 12 is
        // (then fall 12, rise 47).
        ([(0, 0), (5, 11.5), (10, -10), (20, -20), (30, -35)], "rose 35.0 points above the start at (130, 65)"),
        ([(0, 0), (5, 12), (10, -10), (20, -20), (30, -35)], "recognized"),
        // A rise of exactly 11 from the bottom (40 → 29) is not an up stroke.
        ([(0, 0), (5, 15), (10, 40), (15, 29)], "before the stroke rose more than 11 points above its lowest point"),
        // Sinking 11 points on the up stroke (-20 → -9) is allowed; 11.5 is not.
        ([(0, 0), (10, 20), (15, 10), (20, -20), (22, -9), (40, -40)], "recognized"),
        ([(0, 0), (10, 20), (15, 10), (20, -20), (22, -8.5), (40, -40)], "moved down by 11.5 points"),
        // The up stroke must rise at least 34 points (fall 12, so the proportion asks only 19.92).
        ([(0, 0), (5, 12), (10, 0), (20, -21.5)], "after an up stroke of 33.5 points, less than the 34-point minimum"),
        ([(0, 0), (5, 12), (10, 0), (20, -22)], "recognized"),
        // The touch-up point is a step like any move: it can backtrack (40 → 28.5), and it can
        // make the turn.
        ([(0, 0), (10, 20), (15, 10), (40, -40), (28.5, -41)], "moved left by 11.5 points"),
        ([(0, 0), (5, 20), (30, -20)], "recognized"),
        ([(0, 0), (30, -10)], "no down stroke"),
    ] as [([(Double, Double)], String)])
    func decidesAsDesigned(_ points: [(Double, Double)], _ expected: String) throws {
        let found = try decision(points)
        #expect(found == expected || (found.hasPrefix("failed: ") && found.contains(expected)), "\(found)")
    }

    @Test func writesItsPhases() throws {
        let r = try replay([(0, 0), (5, 10), (10, 20), (15, 9), (25, -10), (40, -40)])
        #expect(r.map { "\($0.event):\($0.to!)" } == ["phase:leadIn", "phase:downStroke", "phase:upStroke", "state:recognized"])
    }

    @Test func failsEarlyWhereItCan() throws {
        // A leftward stroke fails at its first backtrack of more than 11 points (12), long
        // before touch-up.
        let r = try replay([(0, 0), (-5, 5), (-12, 10), (-30, 20), (-60, 40), (-80, 60)])
        #expect(r.last?.to == "failed")
        #expect(r.last?.t == 0.02)
    }

    @Test func twoFingersLaterTouchesAndCancellation() throws {
        let two = try records(traceJSON([(0, [(1, "began", 100, 100), (2, "began", 200, 100)]), (0.01, [(1, "ended", 100, 100), (2, "ended", 200, 100)])]), scene: scene)
        #expect(two.map { $0.to } == ["failed"])
        let later = try records(traceJSON([(0, [(1, "began", 100, 100)]), (0.01, [(1, "moved", 110, 120)]), (0.02, [(2, "began", 300, 300)]),
                                           (0.03, [(2, "moved", 100, 300), (1, "moved", 120, 100)]), (0.04, [(1, "ended", 140, 60)]),
                                           (0.05, [(2, "ended", 100, 300)])]), scene: scene)
        #expect(later.last?.to == "recognized")
        let cancelled = try records(traceJSON([(0, [(1, "began", 100, 100)]), (0.01, [(1, "moved", 110, 120)]), (0.02, [(1, "cancelled", 110, 120)])]), scene: scene)
        #expect(cancelled.last?.to == "cancelled")
    }

    @Test func defaultsAreTheMeasuredOnes() {
        // Chosen by leave-one-subject-out on the $1 study's development strokes
        // (docs/checkmark-robust.md, scripts/checkmark_robust_loso.py).
        let p = CheckmarkRobustRecognizer.Parameters()
        #expect([p.jitter, p.leadInRise, p.minFall, p.minRise, p.riseRatio] == [11, 34, 12, 34, 1.66])
        // The geometric limits of the design hold.
        #expect(p.jitter < p.minFall && p.leadInRise <= p.minRise && p.minRise >= p.riseRatio * p.minFall)
    }

    @Test func parametersComeFromTheScene() throws {
        let recognizer = try SceneReader.makeRecognizer(type: "checkmarkRobust", parameters: [("riseRatio", "1.5"), ("jitter", "4")])
        let parameters = (recognizer as? CheckmarkRobustRecognizer)?.parameters
        #expect(parameters?.riseRatio == 1.5 && parameters?.jitter == 4 && parameters?.minRise == 34)
        #expect(throws: TraceErrors.self) { try SceneReader.makeRecognizer(type: "checkmarkRobust", parameters: [("jiter", "4")]) }
    }
}

@Suite struct EvaluationTests {
    func strokeSet(_ lines: [String]) throws(TraceErrors) -> [LabelledStroke] {
        try StrokeSetReader.parse(SourceFile(path: "set.jsonl", bytes: Array(lines.joined(separator: "\n").utf8)))
    }

    @Test func readsStrokeSets() throws {
        let strokes = try strokeSet([
            #"{"gesture": "check", "subject": "s01", "n": 3, "points": [[10, 20, 0], [12, 25, 15.5]]}"#,
            #"{"gesture": "v", "points": [[1, 2, 100]]}"#,
        ])
        #expect(strokes.count == 2)
        #expect(strokes[0].label == "check" && strokes[0].fields == ["subject": "s01", "n": "3"])
        #expect(strokes[0].points[1].location == Point(x: 12, y: 25) && strokes[0].points[1].t == 0.0155)
    }

    @Test(arguments: [
        (#"{"points": [[1, 2, 3]]}"#, "set.jsonl:1:1: stroke 0: missing required key \"gesture\""),
        (#"{"gesture": "v", "points": [[1, 2]]}"#, "set.jsonl:1:29: stroke 0, point 0: expected [x, y, t_ms]"),
        (#"{"gesture": "v", "points": [[1, 2, 5], [1, 2, 4]]}"#, "set.jsonl:1:47: stroke 0, point 1: time goes backwards (4 ms after 5 ms)"),
        (#"{"gesture": "v", "points": []"#, "set.jsonl:1:30: invalid JSON: unexpected end of file inside an object"),
        ("", "set.jsonl:1:1: empty file"),
    ] as [(String, String)])
    func badStrokeSetsAreLocated(_ text: String, _ expected: String) {
        do {
            _ = try strokeSet([text])
            Issue.record("accepted")
        } catch {
            #expect(error.first.description.hasPrefix(expected), "\(error.first)")
        }
    }

    @Test func countsRecallAndFalseAcceptsPerLabel() throws {
        let check = #"[[0, 0, 0], [10, 20, 10], [20, 40, 20], [30, 10, 30], [60, -40, 40]]"#
        let v = #"[[0, 0, 0], [10, 20, 10], [20, 40, 20], [30, 20, 30], [40, 0, 40]]"#
        let strokes = try strokeSet([
            #"{"gesture": "check", "subject": "a", "points": \#(check)}"#,
            #"{"gesture": "check", "subject": "b", "points": \#(v)}"#,
            #"{"gesture": "v", "subject": "a", "points": \#(v)}"#,
            #"{"gesture": "v", "subject": "b", "points": \#(check)}"#,
            #"{"gesture": "dot", "subject": "b", "points": [[5, 5, 0]]}"#,
        ])
        let e = Evaluation(strokes: strokes, recognizer: CheckmarkRobustRecognizer(), positive: "check", by: "subject")
        #expect(e.positive == Evaluation.Row(label: "check", strokes: 2, accepted: 1))
        #expect(e.others == [Evaluation.Row(label: "dot", strokes: 1, accepted: 0), Evaluation.Row(label: "v", strokes: 2, accepted: 1)])
        #expect(e.negatives.strokes == 3 && e.negatives.accepted == 1)
        #expect(e.groups.map(\.value) == ["a", "b"])
        #expect(e.groups[1].positive.accepted == 0 && e.groups[1].negatives.accepted == 1)
        // The seed's rules accept the check-shaped strokes (they end above their start), not the
        // v-shaped ones (they end level with it), whatever their labels.
        let seed = Evaluation(strokes: strokes, recognizer: CheckmarkRecognizer(), positive: "check")
        #expect(seed.positive.accepted == 1 && seed.negatives.accepted == 1)
    }
}
