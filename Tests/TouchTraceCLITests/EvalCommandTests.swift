import Testing
@testable import TouchTrace

@Suite struct EvalCommandTests {
    /// Two people: each draws a check and a v; person b's "v" is check-shaped.
    func strokeSet() throws -> String {
        let check = "[[0, 0, 0], [10, 20, 10], [20, 40, 20], [30, 10, 30], [60, -40, 40]]"
        let v = "[[0, 0, 0], [10, 20, 10], [20, 40, 20], [30, 20, 30], [40, 0, 40]]"
        let path = temporaryDirectory() + "/strokes.jsonl"
        try writeText("""
        {"gesture": "check", "subject": "a", "points": \(check)}
        {"gesture": "v", "subject": "a", "points": \(v)}
        {"gesture": "check", "subject": "b", "points": \(check)}
        {"gesture": "v", "subject": "b", "points": \(check)}
        {"gesture": "circle", "subject": "b", "points": [[0, 0, 0], [20, -20, 10], [40, 0, 20], [20, 20, 30], [0, 0, 40]]}

        """, to: path)
        return path
    }

    @Test func printsATableOfRecallAndFalseAccepts() throws {
        let run = touchtrace("eval", try strokeSet(), "--recognizer", "checkmarkRobust", "--by", "subject")
        #expect(run.code == 0)
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines[0].hasSuffix(": 5 strokes, 3 labels; positive label \"check\""))
        #expect(lines.contains("check (positive)        2         2   100.00%  recall"))
        #expect(lines.contains("circle                  1         0     0.00%"))
        #expect(lines.contains("v                       2         1    50.00%"))
        #expect(lines.contains("all other labels        3         1    33.33%  false accepts"))
        #expect(lines.contains { $0.hasPrefix("b ") && $0.contains(" 1/1 ") && $0.contains(" 1/2 ") })
    }

    @Test func printsJSONForMachines() throws {
        let run = touchtrace("eval", try strokeSet(), "--recognizer", "checkmark", "--format", "json", "--where", "subject=a")
        #expect(run.code == 0)
        #expect(run.out.hasPrefix(#"{"recognizer":"checkmark","parameters":"","dataset":"#))
        #expect(run.out.contains(#""strokes":2,"positive":{"label":"check","strokes":1,"accepted":1,"rate":1.0},"recall":1.0,"#))
        #expect(run.out.contains(#""labels":[{"label":"v","strokes":1,"accepted":0,"rate":0.0}]"#))
    }

    @Test func parametersAndMistakes() throws {
        let set = try strokeSet()
        let loose = touchtrace("eval", set, "--recognizer", "checkmarkRobust", "--set", "riseRatio=0.9")
        #expect(loose.out.contains("v                       2         2   100.00%"))
        let typo = touchtrace("eval", set, "--recognizer", "checkmarkRobust", "--set", "riseRatoi=2")
        #expect(typo.code == 2 && typo.err.contains("unknown parameter \"riseRatoi\" (checkmarkRobust takes: jitter, leadInRise, minFall, minRise, riseRatio)"))
        #expect(touchtrace("eval", set).code == 2)
        #expect(touchtrace("eval", set, "--recognizer", "sweep").code == 2)
        #expect(touchtrace("eval", set, "--recognizer", "checkmark", "--where", "subject=z").code == 2)
        let bad = temporaryDirectory() + "/bad.jsonl"
        try writeText("{\"gesture\": \"v\", \"points\": [[1, 2]]}\n", to: bad)
        let located = touchtrace("eval", bad, "--recognizer", "checkmark")
        #expect(located.code == 2 && located.err.hasPrefix("\(bad):1:29: stroke 0, point 0: expected [x, y, t_ms]"))
    }
}
