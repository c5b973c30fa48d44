import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// Messages say what the file says: numbers as written, times with the digits that differ.
@Suite struct TraceMessagesTests {
    func replay(_ json: String) throws -> Run {
        let path = temporaryDirectory() + "/t.trace.json"
        try writeText(json, to: path)
        return touchtrace("replay", path)
    }

    func touches(id: String) -> String {
        """
        {"version": 1, "events": [{"t": 0, "touches": [{"id": \(id), "phase": "began", "x": 1, "y": 1}]},
                                  {"t": 1, "touches": [{"id": \(id), "phase": "ended", "x": 1, "y": 1}]}]}
        """
    }

    @Test func aFractionalVersionIsNotCalledUnsupported() throws {
        let run = try replay(#"{"version": 1.0, "events": []}"#)
        #expect(run.code == 2)
        #expect(run.err.hasSuffix(":1:13: \"version\" must be an integer (1 or 2), found 1.0\n"))
        let three = try replay(#"{"version": 3, "events": []}"#)
        #expect(three.err.hasSuffix(":1:13: unsupported \"version\" 3: this touchtrace reads version 1 and 2 traces\n"))
    }

    @Test func idsAreQuotedAsWritten() throws {
        for written in ["1.0", "1e3", "1E+3", "-2.50"] {
            let run = try replay(touches(id: written))
            #expect(run.code == 2)
            #expect(run.err.contains("touch \"id\" must be an integer without fraction or exponent that fits in 64 bits, or a string; found \(written)\n"), "\(written): \(run.err)")
        }
        let tooBig = try replay(touches(id: "9223372036854775808"))
        #expect(tooBig.code == 2 && tooBig.err.contains("found 9223372036854775808 (beyond 64 bits)"))
        let stroke = try replay(#"{"version": 1, "strokes": [{"id": 1e3, "points": [[0, 1, 1], [1, 2, 2]]}]}"#)
        #expect(stroke.code == 2 && stroke.err.contains("stroke 0: \"id\" must be an integer without fraction or exponent that fits in 64 bits, or a string; found 1e3"))
    }

    @Test func every64BitIdIsAccepted() throws {
        for id in ["1000000000000000000", "9223372036854775807", "-9223372036854775808", "1234567890123456789"] {
            let run = try replay(touches(id: id))
            #expect(run.code == 0, "\(id): \(run.err)")
        }
        // Ids that differ only beyond a double's precision are different touches.
        let two = try replay("""
        {"version": 1, "events": [{"t": 0, "touches": [{"id": 9007199254740993, "phase": "began", "x": 1, "y": 1},
                                                        {"id": 9007199254740992, "phase": "began", "x": 2, "y": 2}]},
                                  {"t": 1, "touches": [{"id": 9007199254740993, "phase": "ended", "x": 1, "y": 1},
                                                        {"id": 9007199254740992, "phase": "ended", "x": 2, "y": 2}]}]}
        """)
        #expect(two.code == 0, "\(two.err)")
    }

    @Test func timeGoingBackABitShowsTheDigitsThatDiffer() throws {
        let run = try replay("""
        {"version": 1, "events": [{"t": 1, "touches": [{"id": 1, "phase": "began", "x": 1, "y": 1}]},
                                  {"t": 0.999999999999, "touches": [{"id": 1, "phase": "ended", "x": 1, "y": 1}]}]}
        """)
        #expect(run.code == 2)
        #expect(run.err.contains("event 1 (t=0.999999999999): time goes backwards (the event before is at t=1"), "\(run.err)")
        let stroke = try replay(#"{"version": 1, "strokes": [{"id": 1, "points": [[1, 1, 1], [0.999999999999, 2, 2]]}]}"#)
        #expect(stroke.err.contains("time goes backwards (t=0.999999999999 after t=1"), "\(stroke.err)")
        // A step back that four decimals show keeps four decimals.
        #expect(distinctTimes(0.9, 1) == ("0.9000", "1.0000"))
    }

    @Test func swappedDiffArgumentsAreCalledSwapped() {
        let trace = packageRoot + "/traces/pan/drag.trace.json", expected = packageRoot + "/traces/pan/drag.expected.txt"
        let run = touchtrace("diff", expected, trace)
        #expect(run.code == 2 && run.out.isEmpty)
        #expect(run.err.hasPrefix("touchtrace diff: the arguments look swapped: \(expected) is a transcript, not a trace; the trace comes first: touchtrace diff \(trace) \(expected)\n"))
        #expect(touchtrace("diff", trace, expected).code == 0)
    }
}

/// Zero has no sign in either transcript (SPEC 7 and 13.1).
@Suite struct SignlessZeroTests {
    @Test func negativeZeroIsWrittenAsZero() throws {
        let path = temporaryDirectory() + "/zero.trace.json"
        // A touch at x = -0.0 (and t = -0.0) in the default scene: spots report its center.
        try writeText(#"{"version": 1, "screen": {"width": 10, "height": 10}, "events": [{"t": -0.0, "touches": [{"id": 1, "phase": "began", "x": -0.0, "y": 0}]}, {"t": 0, "touches": [{"id": 1, "phase": "ended", "x": -0.0, "y": 0}]}]}"#, to: path)
        let jsonl = touchtrace("replay", path, "--format", "jsonl")
        #expect(jsonl.code == 0)
        #expect(!jsonl.out.contains("-0") && jsonl.out.contains(#""center":[0.0,0.0]"#) && jsonl.out.contains(#"{"t":0.0,"#))
        let text = touchtrace("replay", path)
        #expect(!text.out.contains("-0.0000") && text.out.contains("center=0.0000,0.0000"))
        #expect(fixed4(-0.00001) == "0.0000")
    }
}
