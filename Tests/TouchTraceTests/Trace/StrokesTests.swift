import Foundation
import Testing
@testable import TouchTrace

/// The strokes form (SPEC 1, 13.1) is read without keeping its strokes: checked with the cursor,
/// then merged by re-reading the points. Its messages, their order and the events it gives are
/// pinned here as the form was read when its strokes were kept whole in memory.
@Suite struct StrokesTests {
    /// A strokes trace, the problems reading it reports (the first; every one; every one with
    /// unknown keys), and, when it reads, its summary, warnings and events.
    struct Case: CustomStringConvertible, Sendable {
        var json: String
        var first: [String]
        var all: [String]
        var strict: [String]
        var events: [String]

        init(_ json: String, first: [String], all: [String], strict: [String], events: [String]) {
            self.json = json
            self.first = first
            self.all = all
            self.strict = strict
            self.events = events
        }

        var description: String { json }
    }

    /// The summary, the warnings and the events of a trace that reads (checked to replay the
    /// same on the second pass), or nothing.
    static func outcome(_ json: String) -> [String] {
        var store = EventStore()
        guard let trace = try? Trace.parse(SourceFile(path: "test.trace.json", bytes: Array(json.utf8)), consumer: &store) else { return [] }
        var again = EventStore()
        trace.forEachEvent(&again)
        let s = trace.summary
        var lines = ["\(s.eventCount) events, \(s.touchCount) touches, max \(s.maxX) \(s.maxY)"] + s.warnings.map(\.description)
        for i in 0..<store.eventCount {
            lines.append("\(store.times[i]): " + store.touches(ofEvent: i).map {
                "\(store.ids[$0]) \(store.phases[$0]) \(store.xs[$0]) \(store.ys[$0])"
            }.joined(separator: ", "))
        }
        #expect(again.times.map(\.bitPattern) == store.times.map(\.bitPattern) && again.ids == store.ids
                && again.phases == store.phases && again.xs == store.xs && again.ys == store.ys, "the second pass differs")
        return lines
    }

    /// Syntax errors anywhere in the array come before the problems of its strokes; problems of
    /// strokes come in array order, then those of the merge (touches down twice), numbering the
    /// strokes merged (a stroke with a problem is left out and not counted); unknown keys,
    /// duplicate keys, escaped keys and ids.
    @Test(arguments: [
        Case(#"{"version": 1, "strokes": {"id": 1}}"#,
             first: ["test.trace.json:1:27: \"strokes\" must be an array of strokes, found an object"],
             all: ["test.trace.json:1:27: \"strokes\" must be an array of strokes, found an object"],
             strict: ["test.trace.json:1:27: \"strokes\" must be an array of strokes, found an object"],
             events: []),
        Case(#"{"version": 1, "strokes": [1, "a", null]}"#,
             first: ["test.trace.json:1:28: stroke 0: expected an object with \"id\" and \"points\", found a number"],
             all: ["test.trace.json:1:28: stroke 0: expected an object with \"id\" and \"points\", found a number",
                   "test.trace.json:1:31: stroke 1: expected an object with \"id\" and \"points\", found a string",
                   "test.trace.json:1:36: stroke 2: expected an object with \"id\" and \"points\", found null"],
             strict: ["test.trace.json:1:28: stroke 0: expected an object with \"id\" and \"points\", found a number",
                      "test.trace.json:1:31: stroke 1: expected an object with \"id\" and \"points\", found a string",
                      "test.trace.json:1:36: stroke 2: expected an object with \"id\" and \"points\", found null"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"points": [[0, 1, 1], [1, 2, 2]]}, {"id": 2}]}"#,
             first: ["test.trace.json:1:28: stroke 0: missing required key \"id\""],
             all: ["test.trace.json:1:28: stroke 0: missing required key \"id\"",
                   "test.trace.json:1:64: stroke 1: missing required key \"points\" (a list of [t, x, y])"],
             strict: ["test.trace.json:1:28: stroke 0: missing required key \"id\"",
                      "test.trace.json:1:64: stroke 1: missing required key \"points\" (a list of [t, x, y])"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1.5, "points": [[0, 1, 1], [1, 2, 2]]}, {"id": 1e3, "points": [[0, 1, 1], [1, 2, 2]]}, {"id": true, "points": []}, {"id": 123456789012345678901, "points": [[0, 1, 1], [1, 2, 2]]}]}"#,
             first: ["test.trace.json:1:35: stroke 0: \"id\" must be an integer without fraction or exponent that fits in 64 bits, or a string; found 1.5"],
             all: ["test.trace.json:1:35: stroke 0: \"id\" must be an integer without fraction or exponent that fits in 64 bits, or a string; found 1.5",
                   "test.trace.json:1:82: stroke 1: \"id\" must be an integer without fraction or exponent that fits in 64 bits, or a string; found 1e3",
                   "test.trace.json:1:129: stroke 2: \"id\" must be an integer or a string, found a boolean",
                   "test.trace.json:1:157: stroke 3: \"id\" must be an integer without fraction or exponent that fits in 64 bits, or a string; found 123456789012345678901"],
             strict: ["test.trace.json:1:35: stroke 0: \"id\" must be an integer without fraction or exponent that fits in 64 bits, or a string; found 1.5",
                      "test.trace.json:1:82: stroke 1: \"id\" must be an integer without fraction or exponent that fits in 64 bits, or a string; found 1e3",
                      "test.trace.json:1:129: stroke 2: \"id\" must be an integer or a string, found a boolean",
                      "test.trace.json:1:157: stroke 3: \"id\" must be an integer without fraction or exponent that fits in 64 bits, or a string; found 123456789012345678901"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": {"t": 0}}, {"id": 2, "points": "none"}]}"#,
             first: ["test.trace.json:1:48: stroke 0: \"points\" must be an array of [t, x, y], found an object"],
             all: ["test.trace.json:1:48: stroke 0: \"points\" must be an array of [t, x, y], found an object",
                   "test.trace.json:1:79: stroke 1: \"points\" must be an array of [t, x, y], found a string"],
             strict: ["test.trace.json:1:48: stroke 0: \"points\" must be an array of [t, x, y], found an object",
                      "test.trace.json:1:79: stroke 1: \"points\" must be an array of [t, x, y], found a string"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1], [0, 1, 1, 1], "x", [0, "1", 1], [], 5, [1, 2, 2], [2, 3, 3]]}]}"#,
             first: ["test.trace.json:1:49: stroke 0, point 0: expected [t, x, y] (three numbers), found an array"],
             all: ["test.trace.json:1:49: stroke 0, point 0: expected [t, x, y] (three numbers), found an array",
                   "test.trace.json:1:57: stroke 0, point 1: expected [t, x, y] (three numbers), found an array",
                   "test.trace.json:1:71: stroke 0, point 2: expected [t, x, y] (three numbers), found a string",
                   "test.trace.json:1:76: stroke 0, point 3: expected [t, x, y] (three numbers), found an array",
                   "test.trace.json:1:89: stroke 0, point 4: expected [t, x, y] (three numbers), found an array",
                   "test.trace.json:1:93: stroke 0, point 5: expected [t, x, y] (three numbers), found a number"],
             strict: ["test.trace.json:1:49: stroke 0, point 0: expected [t, x, y] (three numbers), found an array",
                      "test.trace.json:1:57: stroke 0, point 1: expected [t, x, y] (three numbers), found an array",
                      "test.trace.json:1:71: stroke 0, point 2: expected [t, x, y] (three numbers), found a string",
                      "test.trace.json:1:76: stroke 0, point 3: expected [t, x, y] (three numbers), found an array",
                      "test.trace.json:1:89: stroke 0, point 4: expected [t, x, y] (three numbers), found an array",
                      "test.trace.json:1:93: stroke 0, point 5: expected [t, x, y] (three numbers), found a number"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[1e11, 1, 1], [0, 1e8, -2e7], [1, 1e999, 2], [-1e999, 0, 0], [2, 1, 1], [3, 1, 1]]}]}"#,
             first: ["test.trace.json:1:50: stroke 0, point 0: t is out of range (100000000000); times must be within ±10000000000 seconds"],
             all: ["test.trace.json:1:50: stroke 0, point 0: t is out of range (100000000000); times must be within ±10000000000 seconds",
                   "test.trace.json:1:67: stroke 0, point 1: coordinate out of range (100000000); coordinates must be within ±10000000 points",
                   "test.trace.json:1:72: stroke 0, point 1: coordinate out of range (-20000000); coordinates must be within ±10000000 points",
                   "test.trace.json:1:83: stroke 0, point 2: coordinate out of range (beyond the largest double); coordinates must be within ±10000000 points",
                   "test.trace.json:1:95: stroke 0, point 3: t is out of range (-beyond the largest double); times must be within ±10000000000 seconds"],
             strict: ["test.trace.json:1:50: stroke 0, point 0: t is out of range (100000000000); times must be within ±10000000000 seconds",
                      "test.trace.json:1:67: stroke 0, point 1: coordinate out of range (100000000); coordinates must be within ±10000000 points",
                      "test.trace.json:1:72: stroke 0, point 1: coordinate out of range (-20000000); coordinates must be within ±10000000 points",
                      "test.trace.json:1:83: stroke 0, point 2: coordinate out of range (beyond the largest double); coordinates must be within ±10000000 points",
                      "test.trace.json:1:95: stroke 0, point 3: t is out of range (-beyond the largest double); times must be within ±10000000000 seconds"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[1, 1, 1], [0.5, 2, 2], [0.75, 2, 2], [2, 2, 2]]}]}"#,
             first: ["test.trace.json:1:61: stroke 0, point 1: time goes backwards (t=0.5000 after t=1.0000)"],
             all: ["test.trace.json:1:61: stroke 0, point 1: time goes backwards (t=0.5000 after t=1.0000)",
                   "test.trace.json:1:74: stroke 0, point 2: time goes backwards (t=0.7500 after t=1.0000)"],
             strict: ["test.trace.json:1:61: stroke 0, point 1: time goes backwards (t=0.5000 after t=1.0000)",
                      "test.trace.json:1:74: stroke 0, point 2: time goes backwards (t=0.7500 after t=1.0000)"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, 1]]}, {"id": 2, "points": []}, {"id": 3, "points": [[0, 1, 1], [0, 1]]}]}"#,
             first: ["test.trace.json:1:48: stroke 0: a stroke needs at least two points, where it touches down and where it lifts (for a tap, the same point twice: [[t0, x, y], [t1, x, y]]); found 1"],
             all: ["test.trace.json:1:48: stroke 0: a stroke needs at least two points, where it touches down and where it lifts (for a tap, the same point twice: [[t0, x, y], [t1, x, y]]); found 1",
                   "test.trace.json:1:82: stroke 1: a stroke needs at least two points, where it touches down and where it lifts (for a tap, the same point twice: [[t0, x, y], [t1, x, y]]); found 0",
                   "test.trace.json:1:119: stroke 2, point 1: expected [t, x, y] (three numbers), found an array"],
             strict: ["test.trace.json:1:48: stroke 0: a stroke needs at least two points, where it touches down and where it lifts (for a tap, the same point twice: [[t0, x, y], [t1, x, y]]); found 1",
                      "test.trace.json:1:82: stroke 1: a stroke needs at least two points, where it touches down and where it lifts (for a tap, the same point twice: [[t0, x, y], [t1, x, y]]); found 0",
                      "test.trace.json:1:119: stroke 2, point 1: expected [t, x, y] (three numbers), found an array"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1]]}, {"id": 2, "points": [[0, 1, 1], [1, 1, 1]]]}"#,
             first: ["test.trace.json:1:101: invalid JSON: expected ',' or '}' after an object member, found ']'"],
             all: ["test.trace.json:1:101: invalid JSON: expected ',' or '}' after an object member, found ']'"],
             strict: ["test.trace.json:1:101: invalid JSON: expected ',' or '}' after an object member, found ']'"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1]]}, {"id": 2, "points": [[0, 1,, 1], [1, 1, 1]]}]}"#,
             first: ["test.trace.json:1:86: invalid JSON: expected a value, found ','"],
             all: ["test.trace.json:1:86: invalid JSON: expected a value, found ','"],
             strict: ["test.trace.json:1:86: invalid JSON: expected a value, found ','"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1]]}, {"id": 2, "points": [[0, 1, 1], [1, 1, 1]]}], }"#,
             first: ["test.trace.json:1:49: stroke 0, point 0: expected [t, x, y] (three numbers), found an array"],
             all: ["test.trace.json:1:49: stroke 0, point 0: expected [t, x, y] (three numbers), found an array",
                   "test.trace.json:1:105: invalid JSON: trailing comma before '}'"],
             strict: ["test.trace.json:1:49: stroke 0, point 0: expected [t, x, y] (three numbers), found an array",
                      "test.trace.json:1:105: invalid JSON: trailing comma before '}'"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1]]}, {"id": 2, "points": [[0, 1, 1], [1, 1, 1]]}], "events": []}"#,
             first: ["test.trace.json:1:49: stroke 0, point 0: expected [t, x, y] (three numbers), found an array"],
             all: ["test.trace.json:1:49: stroke 0, point 0: expected [t, x, y] (three numbers), found an array",
                   "test.trace.json:1:105: a trace has \"events\" or \"strokes\", not both"],
             strict: ["test.trace.json:1:49: stroke 0, point 0: expected [t, x, y] (three numbers), found an array",
                      "test.trace.json:1:105: a trace has \"events\" or \"strokes\", not both"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1]]}, {"id": 2, "points": [[0, 1, 1], [1, 1, 1]]}], "x": 1}"#,
             first: ["test.trace.json:1:49: stroke 0, point 0: expected [t, x, y] (three numbers), found an array"],
             all: ["test.trace.json:1:49: stroke 0, point 0: expected [t, x, y] (three numbers), found an array",
                   "test.trace.json:1:105: warning: unknown key \"x\" in the trace (ignored)"],
             strict: ["test.trace.json:1:49: stroke 0, point 0: expected [t, x, y] (three numbers), found an array",
                      "test.trace.json:1:105: unknown key \"x\" in the trace (ignored unless --strict)"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "pressure": 2, "points": [[0, 1, 1], [1, 2, 2]], "note": "n"}, {"id": 2, "pressure": 3, "points": [[0, 1, 1], [1, 2, 2]]}]}"#,
             first: [],
             all: [],
             strict: ["test.trace.json:1:38: unknown key \"pressure\" in stroke 0 (ignored unless --strict)",
                      "test.trace.json:1:87: unknown key \"note\" in stroke 0 (ignored unless --strict)",
                      "test.trace.json:1:111: unknown key \"pressure\" in stroke 1 (ignored unless --strict)"],
             events: ["2 events, 2 touches, max 2.0 2.0",
                      "test.trace.json:1:38: warning: unknown key \"pressure\" in stroke 0 (ignored)",
                      "test.trace.json:1:87: warning: unknown key \"note\" in stroke 0 (ignored)",
                      "0.0: 1 began 1.0 1.0, 2 began 1.0 1.0",
                      "1.0: 1 ended 2.0 2.0, 2 ended 2.0 2.0"]),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, 1], [2, 2, 2]]}, {"id": 1, "points": [[1, 1, 1], [3, 2, 2]]}]}"#,
             first: ["test.trace.json:1:94: stroke 1, point 0 (t=1.0000): touch 1 began again while it was down (it began in event 0)"],
             all: ["test.trace.json:1:94: stroke 1, point 0 (t=1.0000): touch 1 began again while it was down (it began in event 0)",
                   "test.trace.json:1:105: stroke 1, point 1 (t=3.0000): touch 1 ended after it ended (in event 2)"],
             strict: ["test.trace.json:1:94: stroke 1, point 0 (t=1.0000): touch 1 began again while it was down (it began in event 0)",
                      "test.trace.json:1:105: stroke 1, point 1 (t=3.0000): touch 1 ended after it ended (in event 2)"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, 1], [2, 2, 2]]}, {"id": 1, "points": [[0, 1, 1], [2, 2, 2]]}]}"#,
             first: ["test.trace.json:1:94: stroke 1, point 0 (t=0.0000): touch 1 is listed twice in one event"],
             all: ["test.trace.json:1:94: stroke 1, point 0 (t=0.0000): touch 1 is listed twice in one event",
                   "test.trace.json:1:105: stroke 1, point 1 (t=2.0000): touch 1 is listed twice in one event"],
             strict: ["test.trace.json:1:94: stroke 1, point 0 (t=0.0000): touch 1 is listed twice in one event",
                      "test.trace.json:1:105: stroke 1, point 1 (t=2.0000): touch 1 is listed twice in one event"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": "a", "points": [[0, 1, 1], [2, 2, 2]]}, {"id": 7, "points": [[0, 1]]}, {"id": "a", "points": [[1, 1, 1], [3, 2, 2]]}, {"id": "a", "points": [[4, 1, 1], [5, 2, 2]]}]}"#,
             first: ["test.trace.json:1:96: stroke 1, point 0: expected [t, x, y] (three numbers), found an array"],
             all: ["test.trace.json:1:96: stroke 1, point 0: expected [t, x, y] (three numbers), found an array",
                   "test.trace.json:1:129: stroke 1, point 0 (t=1.0000): touch \"a\" began again while it was down (it began in event 0)",
                   "test.trace.json:1:140: stroke 1, point 1 (t=3.0000): touch \"a\" ended after it ended (in event 2)"],
             strict: ["test.trace.json:1:96: stroke 1, point 0: expected [t, x, y] (three numbers), found an array",
                      "test.trace.json:1:129: stroke 1, point 0 (t=1.0000): touch \"a\" began again while it was down (it began in event 0)",
                      "test.trace.json:1:140: stroke 1, point 1 (t=3.0000): touch \"a\" ended after it ended (in event 2)"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "id": "a", "points": 5, "points": [[0, 1, 1], [1, 2, 2]]}]}"#,
             first: [],
             all: [],
             strict: [],
             events: ["2 events, 1 touches, max 2.0 2.0",
                      "0.0: \"a\" began 1.0 1.0",
                      "1.0: \"a\" ended 2.0 2.0"]),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]], [1, 2, 2]]}]}"#,
             first: ["test.trace.json:1:115: nesting deeper than 64 levels of arrays and objects"],
             all: ["test.trace.json:1:115: nesting deeper than 64 levels of arrays and objects"],
             strict: ["test.trace.json:1:115: nesting deeper than 64 levels of arrays and objects"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, 1], [1, 2, 2]]}, {"id": 2, "points": [[-1, 1, 1], [0, 1, 1], [0, 1]]}, {"id": 3, "points": [[0, 1, 1], [1, 2, 2]]}, {"id": 3, "points": [[0.5, 1, 1], [0.5, 2, 2]]}]}"#,
             first: ["test.trace.json:1:117: stroke 1, point 2: expected [t, x, y] (three numbers), found an array"],
             all: ["test.trace.json:1:117: stroke 1, point 2: expected [t, x, y] (three numbers), found an array",
                   "test.trace.json:1:193: stroke 2, point 0 (t=0.5000): touch 3 began again while it was down (it began in event 0)",
                   "test.trace.json:1:159: stroke 1, point 1 (t=1.0000): touch 3 ended after it ended (in event 2)"],
             strict: ["test.trace.json:1:117: stroke 1, point 2: expected [t, x, y] (three numbers), found an array",
                      "test.trace.json:1:193: stroke 2, point 0 (t=0.5000): touch 3 began again while it was down (it began in event 0)",
                      "test.trace.json:1:159: stroke 1, point 1 (t=1.0000): touch 3 ended after it ended (in event 2)"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": -9223372036854775808, "points": [[0, 1, 1], [1, 2, 2]]}, {"id": "\u0061", "points": [[1, 1, 1], [1, 2, 2]]}, {"\u0069d": 2, "p\u006Fints": [[0, 1, 1], [1, 2, 2]]}]}"#,
             first: [],
             all: [],
             strict: [],
             events: ["3 events, 3 touches, max 2.0 2.0",
                      "0.0: -9223372036854775808 began 1.0 1.0, 2 began 1.0 1.0",
                      "1.0: -9223372036854775808 ended 2.0 2.0, \"a\" began 1.0 1.0, 2 ended 2.0 2.0",
                      "1.0: \"a\" ended 2.0 2.0"]),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, 1], [1, 2, 2]]}, {"id": 1, "points": [[0.5, 1, 1], [0.7, 2, 2]]}, {"id": 1, "points": [[0.6, 1, 1], [0.8, 2, 2]]}]}"#,
             first: ["test.trace.json:1:94: stroke 1, point 0 (t=0.5000): touch 1 began again while it was down (it began in event 0)"],
             all: ["test.trace.json:1:94: stroke 1, point 0 (t=0.5000): touch 1 began again while it was down (it began in event 0)",
                   "test.trace.json:1:143: stroke 2, point 0 (t=0.6000): touch 1 began again while it was down (it began in event 0)",
                   "test.trace.json:1:156: stroke 2, point 1 (t=0.8000): touch 1 ended after it ended (in event 3)",
                   "test.trace.json:1:60: stroke 0, point 1 (t=1.0000): touch 1 ended after it ended (in event 3)"],
             strict: ["test.trace.json:1:94: stroke 1, point 0 (t=0.5000): touch 1 began again while it was down (it began in event 0)",
                      "test.trace.json:1:143: stroke 2, point 0 (t=0.6000): touch 1 began again while it was down (it began in event 0)",
                      "test.trace.json:1:156: stroke 2, point 1 (t=0.8000): touch 1 ended after it ended (in event 3)",
                      "test.trace.json:1:60: stroke 0, point 1 (t=1.0000): touch 1 ended after it ended (in event 3)"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, 1], [1, 2, 2]]} {"id": 2}]}"#,
             first: ["test.trace.json:1:72: invalid JSON: expected ',' or ']' after an array element, found '{'"],
             all: ["test.trace.json:1:72: invalid JSON: expected ',' or ']' after an array element, found '{'"],
             strict: ["test.trace.json:1:72: invalid JSON: expected ',' or ']' after an array element, found '{'"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, 1], [1, 2, 2]}]}"#,
             first: ["test.trace.json:1:69: invalid JSON: expected ',' or ']' after an array element, found '}'"],
             all: ["test.trace.json:1:69: invalid JSON: expected ',' or ']' after an array element, found '}'"],
             strict: ["test.trace.json:1:69: invalid JSON: expected ',' or ']' after an array element, found '}'"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, 1], [1, 2, 2]]}, {"id": 2, "points": [[0, 1, 1], [1, 2, 02]]}]}"#,
             first: ["test.trace.json:1:112: invalid number: leading zeros are not allowed in JSON"],
             all: ["test.trace.json:1:112: invalid number: leading zeros are not allowed in JSON"],
             strict: ["test.trace.json:1:112: invalid number: leading zeros are not allowed in JSON"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, 1], [1, 2, 2]]}, {"id": 1 "points": []}]}"#,
             first: ["test.trace.json:1:82: invalid JSON: expected ',' or '}' after an object member, found '\"'"],
             all: ["test.trace.json:1:82: invalid JSON: expected ',' or '}' after an object member, found '\"'"],
             strict: ["test.trace.json:1:82: invalid JSON: expected ',' or '}' after an object member, found '\"'"],
             events: []),
        Case(#"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, 1], [1, 2, 2]]}, {"id": 2, "points": [[0, tru, 1]]}]}"#,
             first: ["test.trace.json:1:98: invalid JSON: expected a value, found 't'"],
             all: ["test.trace.json:1:98: invalid JSON: expected a value, found 't'"],
             strict: ["test.trace.json:1:98: invalid JSON: expected a value, found 't'"],
             events: []),
        Case(#"{"version": 1, "strokes": ["#,
             first: ["test.trace.json:1:28: invalid JSON: unexpected end of file inside an array (missing ']')"],
             all: ["test.trace.json:1:28: invalid JSON: unexpected end of file inside an array (missing ']')"],
             strict: ["test.trace.json:1:28: invalid JSON: unexpected end of file inside an array (missing ']')"],
             events: [])

    ])
    func problemsAndEventsAreAsPinned(_ pinned: Case) {
        #expect(problems(pinned.json) == pinned.first)
        #expect(problems(pinned.json, options: TraceReadOptions(collectAllProblems: true)) == pinned.all)
        #expect(problems(pinned.json, options: TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true)) == pinned.strict)
        #expect(Self.outcome(pinned.json) == pinned.events)
    }

    /// The events strokes make, written out plainly as the reference: every point sorted by
    /// time, then by how many points before it in its stroke are at the same time, then by
    /// stroke (SPEC 13.1); the points at one time and occurrence are one event, each touch with
    /// its stroke's id and its phase (the first point began, the last ended, the rest moved).
    static func pointsInEventOrder(_ strokes: [(id: String, points: [(t: Double, x: Double, y: Double)])])
        -> [(t: Double, touches: [(id: String, phase: String, x: Double, y: Double)])] {
        var entries: [(t: Double, occurrence: Int, stroke: Int, point: Int)] = []
        for (s, stroke) in strokes.enumerated() {
            var occurrence = 0
            for (k, point) in stroke.points.enumerated() {
                occurrence = k > 0 && stroke.points[k - 1].t == point.t ? occurrence + 1 : 0
                entries.append((point.t, occurrence, s, k))
            }
        }
        entries.sort { a, b in a.t != b.t ? a.t < b.t : (a.occurrence != b.occurrence ? a.occurrence < b.occurrence : a.stroke < b.stroke) }
        var events: [(t: Double, touches: [(id: String, phase: String, x: Double, y: Double)])] = []
        var i = 0
        while i < entries.count {
            var touches: [(id: String, phase: String, x: Double, y: Double)] = []
            var j = i
            while j < entries.count && entries[j].t == entries[i].t && entries[j].occurrence == entries[i].occurrence {
                let stroke = strokes[entries[j].stroke]
                let point = stroke.points[entries[j].point]
                let phase = entries[j].point == 0 ? "began" : (entries[j].point == stroke.points.count - 1 ? "ended" : "moved")
                touches.append((stroke.id, phase, point.x, point.y))
                j += 1
            }
            events.append((entries[i].t, touches))
            i = j
        }
        return events
    }

    /// Strokes made up at random (overlapping, at equal times, with repeated times, begun in
    /// and out of order, ids as numbers and strings, times of -0): the events are those of
    /// sorting every point by time, then by how many points before it in its stroke are at the
    /// same time, then by stroke (SPEC 13.1), on both passes and in every layout.
    @Test func theMergeIsASortOfEveryPoint() throws {
        var random = SplitMix64(state: 13)
        for round in 0..<80 {
            var strokes: [(id: String, points: [(t: Double, x: Double, y: Double)])] = []
            for k in 0..<random.int(1...12) {
                var t = Double(random.int(0...10)) / 100
                var points: [(t: Double, x: Double, y: Double)] = []
                for _ in 0..<random.int(2...7) {
                    points.append((t == 0 && random.int(0...1) == 0 ? -0.0 : t, Double(random.int(0...400)) / 4, Double(random.int(0...800)) / 4))
                    t += Double(random.int(0...2)) / 100
                }
                strokes.append((random.int(0...1) == 0 ? "\(k + 1)" : "\"s\(k)\"", points))
            }
            if round % 2 == 0 {
                // In order of their first time, as recorded strokes are (else in any order).
                strokes.sort { $0.points[0].t < $1.points[0].t }
            }
            // The reference: every point, sorted.
            let expected = Self.pointsInEventOrder(strokes).map { event in
                "\(event.t.bitPattern): " + event.touches.map { "\($0.id) \($0.phase) \($0.x) \($0.y)" }.joined(separator: ", ")
            }
            for layout in 0..<4 {
                let items = strokes.map { stroke -> String in
                    let points = stroke.points.map { p in
                        layout == 1 ? "[\(p.t),\(p.x),\(p.y)]" : (layout == 2 ? "\n  [ \(p.t) , \(p.x) , \(p.y) ]" : "[\(p.t), \(p.x), \(p.y)]")
                    }
                    switch layout {
                    case 0: return "{\"id\": \(stroke.id), \"points\": [\(points.joined(separator: ", "))]}"
                    case 1: return "{\"id\":\(stroke.id),\"points\":[\(points.joined(separator: ","))]}"
                    case 2: return "{\n \"points\": [\(points.joined(separator: ","))\n ],\n \"id\" : \(stroke.id)\n}"
                    default:
                        // Read by the general path: an unknown key (whose string holds brackets)
                        // and an id and points given twice, the last of each counting.
                        return "{\"id\": 0, \"points\": [1], \"note\": \"]], [\", \"id\": \(stroke.id), \"points\": [\(points.joined(separator: ", "))]}"
                    }
                }
                let json = "{\"version\": 1, \"strokes\": [\n" + items.joined(separator: ",\n") + "\n]}"
                var store = EventStore()
                let trace = try Trace.parse(SourceFile(path: "test.trace.json", bytes: Array(json.utf8)), consumer: &store)
                var again = EventStore()
                trace.forEachEvent(&again)
                for (pass, events) in [store, again].enumerated() {
                    let found = (0..<events.eventCount).map { e in
                        "\(events.times[e].bitPattern): " + events.touches(ofEvent: e).map {
                            "\(events.ids[$0]) \(events.phases[$0]) \(events.xs[$0]) \(events.ys[$0])"
                        }.joined(separator: ", ")
                    }
                    #expect(found == expected, "round \(round), layout \(layout), pass \(pass + 1)")
                }
                #expect(trace.summary.eventCount == expected.count)
            }
        }
    }

    /// Every touch as a consumer is handed it: event, time, id, phase, place, slot and serial.
    struct TouchLog: LineLog {
        var lines: [String] = []

        mutating func consume(_ event: borrowing TouchEvent) {
            for touch in event.touches {
                lines.append("\(event.index) \(event.t.bitPattern) \(touch.id) \(touch.phase) \(touch.location.x) \(touch.location.y) \(touch.slot) \(touch.serial)")
            }
        }

        static func emptyForLaterPart() -> TouchLog? { nil }
    }

    /// The problems of a trace, each from its time on (what it says of the touch, without the
    /// place in the file or the name of the stroke or event), and the warnings likewise.
    static func admissionOutcome(_ json: String, options: TraceReadOptions) -> (problems: [String], touches: [[String]], warnings: [String]) {
        func fromTime(_ message: String) -> String {
            guard let at = message.range(of: " (t=") ?? message.range(of: "warning:") else { return message }
            return String(message[at.lowerBound...])
        }
        var log = TouchLog()
        do {
            let trace = try Trace.parse(SourceFile(path: "test.trace.json", bytes: Array(json.utf8)), options: options, consumer: &log)
            var again = TouchLog()
            trace.forEachEvent(&again)
            return ([], [log.lines, again.lines], trace.summary.warnings.map { fromTime($0.description) })
        } catch {
            return (error.errors.map { fromTime($0.description) }, [], [])
        }
    }

    /// Strokes that reuse a few ids, one finger after another (a touch that moves while no other
    /// is down is admitted without being looked up) and at times overlapping, so that a touch
    /// begins again while it is down, is listed twice in one event or moves after it ended: the
    /// strokes give the touches (their slots and serials too, on both passes), the problems and
    /// the warnings that the same events written in the events form give.
    @Test func strokesAdmitTheirTouchesAsTheSameEventsDo() throws {
        var random = SplitMix64(state: 29)
        var clean = 0
        var troubled = 0
        for round in 0..<60 {
            // In order of their first time, in hundredths of a second, ids 1 to 3.
            var strokes: [(id: Int, points: [(t: Double, x: Double, y: Double)])] = []
            var start = 0
            for _ in 0..<random.int(1...10) {
                start += random.int(0...6)
                var t = start
                var points: [(t: Double, x: Double, y: Double)] = []
                for _ in 0..<random.int(2...8) {
                    points.append((Double(t) / 100, Double(random.int(0...400)) / 4, Double(random.int(0...800)) / 4))
                    t += random.int(0...2)
                }
                strokes.append((random.int(1...3), points))
            }
            // The events: every point sorted by time, then by the points before it in its
            // stroke at the same time, then by stroke (SPEC 13.1).
            let events = Self.pointsInEventOrder(strokes.map { ("\($0.id)", $0.points) }).map { event in
                "{\"t\": \(event.t), \"touches\": [" + event.touches.map {
                    "{\"id\": \($0.id), \"phase\": \"\($0.phase)\", \"x\": \($0.x), \"y\": \($0.y)}"
                }.joined(separator: ", ") + "]}"
            }
            let eventsJSON = "{\"version\": 1, \"events\": [\n" + events.joined(separator: ",\n") + "\n]}"
            let strokesJSON = "{\"version\": 1, \"strokes\": [\n" + strokes.map { stroke in
                "{\"id\": \(stroke.id), \"points\": [" + stroke.points.map { "[\($0.t), \($0.x), \($0.y)]" }.joined(separator: ", ") + "]}"
            }.joined(separator: ",\n") + "\n]}"
            for options in [TraceReadOptions(), TraceReadOptions(collectAllProblems: true)] {
                let fromStrokes = Self.admissionOutcome(strokesJSON, options: options)
                let fromEvents = Self.admissionOutcome(eventsJSON, options: options)
                #expect(fromStrokes.problems == fromEvents.problems, "round \(round)\n\(strokesJSON)")
                #expect(fromStrokes.touches == fromEvents.touches, "round \(round)\n\(strokesJSON)")
                #expect(fromStrokes.warnings == fromEvents.warnings, "round \(round)\n\(strokesJSON)")
            }
            if Self.admissionOutcome(eventsJSON, options: TraceReadOptions()).problems.isEmpty { clean += 1 } else { troubled += 1 }
        }
        // Both kinds are met.
        #expect(clean >= 10 && troubled >= 10, "\(clean) without problems, \(troubled) with")
    }

    /// What reading a trace gives, whole: every message with its place, or every touch handed
    /// to the consumer on both passes (event, time, id, phase, place, slot, serial), the summary
    /// and the warnings.
    static func everything(_ json: String, options: TraceReadOptions) -> [String] {
        wholeReading(json, options: options, loggedAs: TouchLog.self)
    }

    /// Reading as usual (a small array: its points kept by the check, the merge reads them
    /// there) and with no points kept (the merge reads the bytes again, as for a large array).
    static func keptAndFromBytes(_ json: String, collectAllProblems: Bool) -> (kept: [String], fromBytes: [String]) {
        let usual = TraceReadOptions(collectAllProblems: collectAllProblems)
        var fromBytes = usual
        fromBytes.keptStrokesMaximumBytes = 0
        return (everything(json, options: usual), everything(json, options: fromBytes))
    }

    /// Strokes made up at random give the same touches, summary and messages whether the merge
    /// takes their points from those the check kept or reads them from the bytes: strokes that
    /// begin at the same time, points at equal times (in one stroke and across strokes), strokes
    /// in and out of order of time, one-point strokes and times going back (left out, with a
    /// problem), strokes with an unknown key (not kept: read from the bytes beside kept ones),
    /// points written without spaces or with a number the short form does not read, and ids
    /// reused while down (problems of the merge, placed at the point's bytes).
    @Test func keptPointsMergeAsTheirBytesDo() throws {
        var random = SplitMix64(state: 41)
        var clean = 0
        var troubled = 0
        for round in 0..<150 {
            var items: [String] = []
            var start = 0
            for _ in 0..<random.int(1...9) {
                // Even rounds: in order of their first time (several at the same time); odd
                // rounds: any order.
                start = round % 2 == 0 ? start + random.int(0...3) : random.int(0...12)
                var t = start
                var points: [String] = []
                let count = random.int(0...12) == 0 ? 1 : random.int(2...7)
                for k in 0..<count {
                    let x = random.int(0...30) == 0 ? "1e2" : "\(Double(random.int(0...400)) / 4)"
                    points.append("[\(Double(t) / 100), \(x), \(Double(random.int(0...800)) / 4)]")
                    // Now and then a time going back (a problem), mostly forwards or the same.
                    t += k > 0 && random.int(0...40) == 0 ? -1 : random.int(0...2)
                }
                let id = random.int(0...4) == 0 ? "\"s\(random.int(1...3))\"" : "\(random.int(1...5))"
                let spaced = points.joined(separator: random.int(0...4) == 0 ? "," : ", ")
                items.append(random.int(0...6) == 0
                             ? "{\"id\": \(id), \"note\": [1], \"points\": [\(spaced)]}"
                             : "{\"id\": \(id), \"points\": [\(spaced)]}")
            }
            let json = "{\"version\": 1, \"strokes\": [\n" + items.joined(separator: ",\n") + "\n]}"
            for all in [false, true] {
                let (kept, fromBytes) = Self.keptAndFromBytes(json, collectAllProblems: all)
                #expect(!kept.isEmpty && kept == fromBytes, "round \(round)\n\(json)")
            }
            if Self.everything(json, options: TraceReadOptions()).first?.hasPrefix("test.trace.json:") == true { troubled += 1 } else { clean += 1 }
        }
        // Traces that read and traces with problems are both met.
        #expect(clean >= 30 && troubled >= 30, "\(clean) read, \(troubled) with problems")
    }

    /// Strokes with keys besides `id` and `points` (a recorder's `pointerType`, nested values
    /// with brackets and braces in their strings, before, between and after the two) are
    /// checked in a straight line, their points kept, and read as the general steps read a
    /// stroke as a tree: the same events, warnings and problems at the same places, in every
    /// mode. The reference is the same trace with each stroke's first other key written with an
    /// escape (`"\u0063olor"`, which only the tree's steps read), the other padded to the same
    /// length.
    @Test func strokesWithOtherKeysReadAsTheTreeReadsThem() throws {
        var random = SplitMix64(state: 43)
        let values = [#""touch""#, "12.5", #"[1, {"a": "}]"}]"#, #"{"b": [[1, 2, 3]], "c": "x}y"}"#, "null", "true", "[]"]
        let names = ["pointerType", "color", "note", "pressure", "aVeryLongKeyOfManyBytes"]
        var withOthers = 0
        for round in 0..<120 {
            var plain: [String] = []
            var escaped: [String] = []
            var start = 0
            for _ in 0..<random.int(1...8) {
                start = round % 3 == 2 ? random.int(0...12) : start + random.int(0...3)
                var t = start
                var points: [String] = []
                let count = random.int(0...15) == 0 ? 1 : random.int(2...6)
                for k in 0..<count {
                    let x = random.int(0...40) == 0 ? "\"x\"" : "\(Double(random.int(0...400)) / 4)"
                    points.append("[\(Double(t) / 100), \(x), \(Double(random.int(0...800)) / 4)]")
                    t += k > 0 && random.int(0...40) == 0 ? -1 : random.int(0...2)
                }
                let id = random.int(0...4) == 0 ? "\"s\(random.int(1...3))\"" : "\(random.int(1...5))"
                var members = ["\"id\": \(id)", "\"points\": [\(points.joined(separator: ", "))]"]
                if random.int(0...3) == 0 { members.reverse() }
                var first: String?
                for _ in 0..<random.int(0...3) {
                    let name = names[random.int(0...names.count - 1)]
                    if first == nil { first = name }
                    let key = first == name && !members.contains(where: { $0.hasPrefix("FIRST") }) ? "FIRST" : "\"\(name)\""
                    members.insert("\(key): \(values[random.int(0...values.count - 1)])", at: random.int(0...members.count))
                }
                let stroke = "{" + members.joined(separator: ", ") + "}"
                if let first {
                    let hex = String(first.utf8.first!, radix: 16)
                    plain.append(stroke.replacingOccurrences(of: "FIRST", with: "\"\(first)\"     "))
                    escaped.append(stroke.replacingOccurrences(of: "FIRST", with: "\"\\u00\(hex)\(first.dropFirst())\""))
                } else {
                    plain.append(stroke)
                    escaped.append(stroke)
                }
            }
            let a = "{\"version\": 1, \"strokes\": [\n" + plain.joined(separator: ",\n") + "\n]}"
            let b = "{\"version\": 1, \"strokes\": [\n" + escaped.joined(separator: ",\n") + "\n]}"
            #expect(a.utf8.count == b.utf8.count)
            for options in [TraceReadOptions(), TraceReadOptions(collectAllProblems: true),
                            TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true)] {
                var fromBytes = options
                fromBytes.keptStrokesMaximumBytes = 0
                let reference = Self.everything(b, options: options)
                #expect(Self.everything(a, options: options) == reference, "round \(round)\n\(a)")
                #expect(Self.everything(a, options: fromBytes) == reference, "round \(round), from the bytes\n\(a)")
            }
            if let trace = try? Trace.parse(SourceFile(path: "test.trace.json", bytes: Array(a.utf8))),
               case .strokes(let list) = trace.body {
                withOthers += list.withOtherKeys.count
                #expect(list.unusual.isEmpty, "round \(round): \(list.unusual) read as trees\n\(a)")
            }
        }
        // (Counted in the traces that read without a problem.)
        #expect(withOthers >= 30, "\(withOthers) strokes with other keys read in a straight line")
    }

    /// The check keeps the points of the strokes written as usual, each with the offset of its
    /// `[`, stroke by stroke in the order of the file, and no point of a stroke it does not read
    /// as usual (a key written with an escape); nothing for an array larger than the limit.
    @Test func theCheckKeepsThePointsOfUsualStrokes() throws {
        let json = #"{"version": 1, "strokes": [{"id": 1, "points": [[0, 1, 2], [0.5, 3.25, 4], [1, 5, 6]]}, "#
            + #"{"id": 2, "n\u006Fte": 0, "points": [[0, 7, 8], [1, 9, 10]]}, {"points": [[0.25,11,12],[2,13,14]], "id": "a"}]}"#
        let bytes = Array(json.utf8)
        let trace = try Trace.parse(SourceFile(path: "test.trace.json", bytes: bytes))
        guard case .strokes(let list) = trace.body else {
            Issue.record("not read as strokes")
            return
        }
        #expect(list.kept.strokes == [0..<3, 3..<3, 3..<5])
        #expect(list.kept.points.map { [$0.t, $0.x, $0.y] } == [[0, 1, 2], [0.5, 3.25, 4], [1, 5, 6], [0.25, 11, 12], [2, 13, 14]])
        // Each offset is that of a `[` followed by the point's time as written.
        let written = ["0", "0.5", "1", "0.25", "2"]
        for (point, time) in zip(list.kept.points, written) {
            #expect(bytes[point.offset] == UInt8(ascii: "["))
            #expect(Array(bytes[(point.offset + 1)...].prefix(time.utf8.count)) == Array(time.utf8))
        }
        // Events: t = 0 (strokes 0 and 1 begin), 0.25 (stroke 2 begins), 0.5 (stroke 0 moves),
        // 1 (strokes 0 and 1 end), 2 (stroke 2 ends): five, of three touches.
        #expect(trace.summary.eventCount == 5 && trace.summary.touchCount == 3)

        // The limit counts the bytes from the array's `[` to the end of the file.
        let open = try #require(json.utf8.firstIndex(of: UInt8(ascii: "[")).map { json.utf8.distance(from: json.utf8.startIndex, to: $0) })
        for (limit, keeps) in [(bytes.count - open, true), (bytes.count - open - 1, false)] {
            var options = TraceReadOptions()
            options.keptStrokesMaximumBytes = limit
            let again = try Trace.parse(SourceFile(path: "test.trace.json", bytes: bytes), options: options)
            guard case .strokes(let other) = again.body else {
                Issue.record("not read as strokes")
                return
            }
            #expect(other.kept.points.count == (keeps ? 5 : 0) && other.kept.strokes.count == (keeps ? 3 : 0), "limit \(limit)")
        }
    }

    /// Points `[t.5, x.25, 200.5]` at t = `start`, `start + step`, ... with x = 100, 101, ...:
    /// strokes long enough that their points are read in one step (`usualTriple`), but near the end.
    static func longPoints(_ count: Int, from start: Int = 0, step: Int = 1) -> [String] {
        (0..<count).map { k in "[\(start + k * step).5, \(100 + k).25, 200.5]" }
    }

    static func longTrace(_ strokes: [(id: String, points: [String])]) -> String {
        "{\"version\": 1, \"strokes\": [" + strokes.map { "{\"id\": \($0.id), \"points\": [\($0.points.joined(separator: ", "))]}" }
            .joined(separator: ", ") + "]}"
    }

    /// Two strokes of 30 points, the first with `point` in the place of its point `at`.
    static func oddPoint(_ point: String, at index: Int = 3) -> String {
        var points = longPoints(30)
        points[index] = point
        return longTrace([("1", points), ("2", longPoints(30, from: 40))])
    }

    /// Points read in one step, and those beside them that are not (two or four numbers, an
    /// exponent, seventeen digits, a coordinate out of range, a leading zero, a time going
    /// back), one-point strokes, an id repeated while down, strokes interleaving and strokes out
    /// of order: every problem is reported as the general steps report it (the messages were
    /// those of the reader before points were read in one step), and a trace that reads gives
    /// the events it gives written without spaces, which no point of it is read in one step.
    @Test func pointsReadInOneStepReadAsBefore() throws {
        let cases: [(json: String, problems: [String])] = [
            (Self.oddPoint("[3.5, 103.25]"), ["test.trace.json:1:115: stroke 0, point 3: expected [t, x, y] (three numbers), found an array"]),
            (Self.oddPoint("[3.5, 103.25, 200.5, 7]"), ["test.trace.json:1:115: stroke 0, point 3: expected [t, x, y] (three numbers), found an array"]),
            (Self.oddPoint("[3.5, 1e3, 200.5]"), []),
            (Self.oddPoint("[-0.0, -0.0, -0.0]", at: 0), []),
            (Self.oddPoint("[3.5, 1.0000000000000002, 200.5]"), []),
            (Self.oddPoint("[3.5, 10000000.5, 200.5]"),
             ["test.trace.json:1:121: stroke 0, point 3: coordinate out of range (10000000.5); coordinates must be within ±10000000 points"]),
            (Self.oddPoint("[1.5, 103.25, 200.5]"), ["test.trace.json:1:116: stroke 0, point 3: time goes backwards (t=1.5000 after t=2.5000)"]),
            (Self.oddPoint("[3.5, 103.25, 01]"), ["test.trace.json:1:129: invalid number: leading zeros are not allowed in JSON"]),
            (Self.longTrace([("1", Self.longPoints(1)), ("2", Self.longPoints(30, from: 2)), ("3", Self.longPoints(1, from: 40))]),
             ["test.trace.json:1:48: stroke 0: a stroke needs at least two points, where it touches down and where it lifts (for a tap, the same point twice: [[t0, x, y], [t1, x, y]]); found 1",
              "test.trace.json:1:798: stroke 2: a stroke needs at least two points, where it touches down and where it lifts (for a tap, the same point twice: [[t0, x, y], [t1, x, y]]); found 1"]),
            (Self.longTrace((1...5).map { ("\($0)", Self.longPoints(20, from: $0, step: 2)) }), []),
            (Self.longTrace((1...5).map { ("\($0)", Self.longPoints(20, from: $0 * 7 % 5 * 3)) }), []),
        ]
        for (json, expected) in cases {
            #expect(problems(json, options: TraceReadOptions(collectAllProblems: true)) == expected, "\(json.prefix(140))")
            if expected.isEmpty {
                let events = Self.outcome(json)
                #expect(!events.isEmpty && events == Self.outcome(json.replacingOccurrences(of: ", ", with: ",")), "\(json.prefix(140))")
            }
        }
        // Stroke 1 has the id of stroke 0, which is down from t = 0.5 to 29.5: its points up to
        // then are listed twice in the events of stroke 0's points, those after come after
        // touch 1 ended (event 29, at stroke 0's last point); stroke 2 (t from 50.5) is a new touch 1.
        let repeated = problems(Self.longTrace([("1", Self.longPoints(30)), ("1", Self.longPoints(30, from: 10)), ("1", Self.longPoints(30, from: 50))]),
                                options: TraceReadOptions(collectAllProblems: true))
        #expect(repeated.count == 30)
        #expect(repeated.first == "test.trace.json:1:752: stroke 1, point 0 (t=10.5000): touch 1 is listed twice in one event")
        #expect(repeated[19] == "test.trace.json:1:1189: stroke 1, point 19 (t=29.5000): touch 1 is listed twice in one event")
        #expect(repeated[20] == "test.trace.json:1:1212: stroke 1, point 20 (t=30.5000): touch 1 moved after it ended (in event 29)")
        #expect(repeated.last == "test.trace.json:1:1419: stroke 1, point 29 (t=39.5000): touch 1 ended after it ended (in event 29)")
    }

    /// A strokes trace of about `bytes` bytes: strokes of 22 points, each beginning while the
    /// one before is still down, with a fresh id.
    static func largeStrokes(bytes: Int) -> (bytes: [UInt8], strokes: Int) {
        var out = Array("{\"version\": 1, \"strokes\": [\n".utf8)
        var id = 1
        while out.count < bytes {
            if id > 1 { out.append(contentsOf: Array(",\n".utf8)) }
            let begin = id * 100
            let points = (0..<22).map { k in "[\((begin + k * 8) / 1000).\(String(1000 + (begin + k * 8) % 1000).dropFirst()), \(10 + k).5, \(id % 800).25]" }
            out.append(contentsOf: Array("{\"id\": \(id), \"points\": [\(points.joined(separator: ", "))]}".utf8))
            id += 1
        }
        out.append(contentsOf: Array("\n]}\n".utf8))
        return (out, id - 1)
    }

    @Test func bothPassesOverAMappedStrokesTraceHoldOnlyAWindowOfIt() throws {
        #if os(Linux)
        let (bytes, strokes) = Self.largeStrokes(bytes: 16_000_000)
        let path = try FlatMemoryTests.write(bytes, name: "strokes.trace.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(bytes.count >= SourceFile.mappingThreshold)

        let trace = try Trace.read(path: path)
        let afterCheck = try #require(FlatMemoryTests.residentBytes(ofMappingsOf: path))
        #expect(afterCheck <= 1 << 20, "\(afterCheck) bytes of a \(bytes.count)-byte file resident after the first pass")

        var sampler = FlatMemoryTests.Sampler(path: path)
        trace.forEachEvent(&sampler)
        #expect(sampler.largest > 0 && sampler.largest <= PageRelease.window + (1 << 20), "\(sampler.largest) bytes resident while replaying")
        let afterReplay = try #require(FlatMemoryTests.residentBytes(ofMappingsOf: path))
        #expect(afterReplay <= 1 << 20, "\(afterReplay) bytes resident after replaying")
        // Stroke n's points are at 0.1 n + 0.008 k seconds (k = 0 ... 21): it is still down when
        // the next begins 0.1 s later, and no two points are at the same time (0.1 s is not a
        // multiple of 0.008 s), so every point is an event of its own.
        #expect(trace.summary.touchCount == strokes)
        #expect(trace.summary.eventCount == 22 * strokes && sampler.events == 22 * strokes)
        #endif
    }
}
