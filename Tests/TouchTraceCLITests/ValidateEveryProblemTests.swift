import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// `validate` reports every problem of a trace and of its scene at once, --strict never fewer,
/// and an unknown key is a warning without --strict (SPEC 1).
@Suite struct ValidateEveryProblemTests {
    /// A trace with a bad point, an unknown top-level key and an inline scene with an unknown
    /// recognizer type and an unknown key.
    static let trace = """
    {"version": 1, "sceen": 1, "scene": {"views": [{"name": "pad", "frame": [0, 0, 100, 100], "recognizers": [{"type": "pann"}], "colour": 1}]},
     "strokes": [{"id": 1, "points": [[0, 1, 1], [0.1, "x", 2]]}]}
    """

    @Test func strokeErrorsDoNotHideSceneErrorsAndStrictShowsNoFewer() throws {
        let path = temporaryDirectory() + "/s.trace.json"
        try writeText(Self.trace, to: path)
        let lenient = touchtrace("validate", path)
        #expect(lenient.code == 2)
        #expect(lenient.err == """
            \(path):2:46: stroke 0, point 1: expected [t, x, y] (three numbers), found an array
            \(path):1:16: warning: unknown key "sceen" in the trace (ignored)
            \(path):1:116: view "pad", recognizers[0]: unknown recognizer type "pann" (known types: pan, rotation, checkmark, checkmarkRobust, spots, tap, longPress, swipe, pinch, twoFingerRotation)
            \(path):1:126: warning: unknown key "colour" in view "pad" (ignored)

            """, "\(lenient.err)")
        let strict = touchtrace("validate", path, "--strict")
        #expect(strict.code == 2)
        #expect(strict.err == """
            \(path):1:16: unknown key "sceen" in the trace (ignored unless --strict)
            \(path):2:46: stroke 0, point 1: expected [t, x, y] (three numbers), found an array
            \(path):1:126: unknown key "colour" in view "pad" (ignored unless --strict)
            \(path):1:116: view "pad", recognizers[0]: unknown recognizer type "pann" (known types: pan, rotation, checkmark, checkmarkRobust, spots, tap, longPress, swipe, pinch, twoFingerRotation)

            """, "\(strict.err)")
        // Every place the lenient run names, the strict one names too.
        let places = { (text: String) in Set(text.split(separator: "\n").map { $0.split(separator: " ")[0] }) }
        #expect(places(lenient.err).isSubset(of: places(strict.err)))
    }

    @Test func aSceneFileBesideABrokenTraceIsCheckedToo() throws {
        let folder = temporaryDirectory()
        try writeText(#"{"version": 1, "events": [{"t": 0, "touches": [{"id": 1, "phase": "moved", "x": 1, "y": 1}]}]}"#, to: folder + "/a.trace.json")
        try writeText(#"{"views": [{"name": "pad", "frame": [0, 0, 10]}]}"#, to: folder + "/scene.json")
        let run = touchtrace("validate", folder + "/a.trace.json")
        #expect(run.code == 2)
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == 2, "\(run.err)")
        #expect(lines.first?.hasPrefix("\(folder)/a.trace.json:1:") == true)
        // Column 37: `{"views": [{"name": "pad", "frame": ` is 36 characters.
        #expect(lines.last?.hasPrefix("\(folder)/scene.json:1:37: view \"pad\": \"frame\" must be four numbers") == true, "\(run.err)")
    }

    /// A trace that reads well but whose scene does not: the trace's warnings are said too.
    @Test func aBrokenSceneDoesNotHideTheTracesWarnings() throws {
        let path = temporaryDirectory() + "/w.trace.json"
        try writeText(#"{"version": 1, "evnets": 1, "scene": {"views": [{"name": "pad", "frame": [0, 0, 10]}]}, "strokes": [{"id": 1, "points": [[0, 1, 1], [1, 2, 2]]}]}"#, to: path)
        let run = touchtrace("validate", path)
        #expect(run.code == 2)
        #expect(run.err.hasPrefix("\(path):1:16: warning: unknown key \"evnets\" in the trace (ignored)\n"), "\(run.err)")
        #expect(run.err.split(separator: "\n").count == 2, "\(run.err)")
    }

    /// SPEC 1: unknown keys are ignored with a warning on stderr; each key is warned about once.
    @Test func anUnknownKeyIsAWarningWithoutStrict() throws {
        let path = temporaryDirectory() + "/e.trace.json"
        try writeText(#"{"version": 1, "evnets": [], "events": [{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1, "p": 1}]}, {"t": 1, "touches": [{"id": 1, "phase": "ended", "x": 1, "y": 1, "p": 1}]}]}"#, to: path)
        // Column 106: 105 characters before the first "p"; the second "p" is not warned about.
        let replay = touchtrace("replay", path)
        #expect(replay.code == 0)
        #expect(replay.err == """
            \(path):1:16: warning: unknown key "evnets" in the trace (ignored)
            \(path):1:106: warning: unknown key "p" in event 0, touches[0] (ignored)

            """, "\(replay.err)")
        let validate = touchtrace("validate", path)
        #expect(validate.code == 0 && validate.err == replay.err)
        #expect(touchtrace("validate", path, "--strict").code == 2)
    }
}
