#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

@Suite struct ReplayCommandTests {
    let knob = packageRoot + "/traces/knob/quarter-turn.trace.json"

    @Test func printsTheTextTranscript() throws {
        let run = touchtrace("replay", knob)
        #expect(run.code == 0)
        #expect(run.out == (try readText(packageRoot + "/traces/knob/quarter-turn.expected.txt")))
        #expect(run.err.isEmpty)
    }

    /// `--arena-log` prints the arena's decisions on stderr and leaves the transcript as it is.
    @Test func arenaLogGoesToStandardError() throws {
        let trace = packageRoot + "/traces/pan-waits-for-double-tap/short-drag.trace.json"
        let run = touchtrace("replay", trace, "--arena-log")
        #expect(run.code == 0)
        #expect(run.out == (try readText(packageRoot + "/traces/pan-waits-for-double-tap/short-drag.expected.txt")))
        #expect(run.err.contains("pad.pan waits (possible): waits for pad.doubleTap to fail\n"), "\(run.err)")
        #expect(run.err.contains("0.4500 pad.pan wins (began): pad.doubleTap failed, as it required\n"), "\(run.err)")
    }

    @Test func printsJSONLines() {
        let run = touchtrace("replay", knob, "--format", "jsonl")
        #expect(run.code == 0)
        let first = run.out.split(separator: "\n").first ?? ""
        #expect(first.hasPrefix(#"{"t":0.016,"view":"knob","source":"rotation","event":"state","from":"possible","to":"began","angle":-2.9670459626472017}"#))
    }

    /// Touches 1e-80 s apart are valid and give a velocity of 2e81 points per second: both
    /// transcripts write it, the text one with every digit of its exact value.
    @Test func enormousVelocitiesAreWritten() throws {
        let path = temporaryDirectory() + "/fast.trace.json"
        try writeText("""
        {"version": 1, "events": [
          {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 10, "y": 10}]},
          {"t": 1e-80, "touches": [{"id": 1, "phase": "moved", "x": 30, "y": 10}]},
          {"t": 2e-80, "touches": [{"id": 1, "phase": "moved", "x": 50, "y": 13}]},
          {"t": 3e-80, "touches": [{"id": 1, "phase": "ended", "x": 50, "y": 13}]}]}
        """, to: path)
        let text = touchtrace("replay", path)
        #expect(text.code == 0)
        #expect(text.out.contains("velocity=1999999999999999000065426442874071900526785028754909152459233243853238262371975168.0000,"))
        let jsonl = touchtrace("replay", path, "--format", "jsonl")
        #expect(jsonl.code == 0)
        #expect(jsonl.out.contains(#""velocity":[1.999999999999999e+81,4.500000000000001e+80]"#))
    }

    @Test func writesTheOutputFile() throws {
        let path = temporaryDirectory() + "/out.txt"
        let run = touchtrace("replay", knob, "--output", path)
        #expect(run.code == 0 && run.out.isEmpty)
        #expect(try readText(path).hasPrefix(TranscriptFormat.textHeader))
    }

    @Test func badInputExitsTwoWithALocatedMessageAndNoOutput() throws {
        let directory = temporaryDirectory()
        try writeText("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": [{\"id\": 1, \"phase\": \"moved\", \"x\": 1, \"y\": 1}]}]}", to: directory + "/bad.trace.json")
        let output = directory + "/out.txt"
        let run = touchtrace("replay", directory + "/bad.trace.json", "--output", output)
        #expect(run.code == 2)
        #expect(run.out.isEmpty)
        #expect(run.err == "\(directory)/bad.trace.json:1:48: event 0 (t=0.0000): touch 1 moved before it began\n")
        #expect(!Scene.fileExists(output), "no output file is left behind")
    }

    @Test func usageErrorsSayWhatIsWrong() {
        let typo = touchtrace("replay", knob, "--formt", "jsonl")
        #expect(typo.code == 2)
        #expect(typo.err.hasPrefix("touchtrace replay: unknown option '--formt' (did you mean '--format'?)"))
        let format = touchtrace("replay", knob, "--format", "yaml")
        #expect(format.code == 2 && format.err.contains("unknown format 'yaml' (text or jsonl)"))
        #expect(touchtrace("replay").code == 2)
        let command = touchtrace("replya")
        #expect(command.code == 2 && command.err.contains("unknown command 'replya' (did you mean 'replay'?)"))
    }

    @Test func aSceneFileIsUsedWhenTheTraceHasNone() throws {
        let directory = temporaryDirectory()
        try writeText("{\"version\": 1, \"strokes\": [{\"id\": 1, \"points\": [[0, 10, 10], [0.1, 20, 20]]}]}", to: directory + "/t.trace.json")
        try writeText(#"{"views": [{"name": "canvas", "frame": [0, 0, 100, 100], "recognizers": [{"type": "spots"}]}]}"#, to: directory + "/s.json")
        let run = touchtrace("replay", directory + "/t.trace.json", "--scene", directory + "/s.json")
        #expect(run.code == 0)
        #expect(run.out.contains("canvas.spots spotAdded"))
    }
}

@Suite struct HelpTests {
    @Test func helpListsCommandsAndExamples() {
        let run = touchtrace("--help")
        #expect(run.code == 0)
        for command in ["replay", "diff", "verify", "validate", "help"] { #expect(run.out.contains("  \(command) ")) }
        #expect(run.out.contains("EXAMPLES"))
        #expect(touchtrace("help", "verify").out.contains("--shard I/N"))
        #expect(touchtrace("replay", "--help").out.contains("USAGE\n  touchtrace replay TRACE"))
        #expect(touchtrace("--version").out == "touchtrace \(CommandLineTool.version)\n")
        #expect(touchtrace().code == 2)
    }
}

@Suite struct DiffCommandTests {
    @Test func sameDifferentAndWithinTolerance() throws {
        let traces = try copyOfFixtures()
        let trace = traces + "/pan/drag.trace.json"
        let expected = traces + "/pan/drag.expected.txt"
        #expect(touchtrace("diff", trace, expected).code == 0)

        let original = try readText(expected)
        try writeText(original.replacingFirst("translation=15.0000", with: "translation=15.0001"), to: expected)
        #expect(touchtrace("diff", trace, expected).code == 0, "a last-digit change is within the tolerance")
        #expect(touchtrace("diff", trace, expected, "--tolerance", "0").code == 1)

        try writeText(original.replacingFirst("translation=15.0000", with: "translation=15.5000"), to: expected)
        let run = touchtrace("diff", trace, expected)
        #expect(run.code == 1)
        #expect(run.out.contains("pan/drag: the replay of \(trace) differs from \(expected) (2 lines)"))
        #expect(run.out.contains("--- \(expected)\t(expected)\n+++ \(trace)\t(replayed)\n@@ -1,6 +1,6 @@ pan/drag\n"))
        #expect(run.out.contains("\n-0.0300 pad.pan state from=began to=changed translation=15.5000,0.0000"))
        #expect(run.out.contains("\n+0.0300 pad.pan state from=began to=changed translation=15.0000,0.0000"))
    }

    @Test func troubleExitsTwo() throws {
        let traces = try copyOfFixtures()
        #expect(touchtrace("diff", traces + "/pan/drag.trace.json", traces + "/pan/none.txt").code == 2)
        #expect(touchtrace("diff", traces + "/pan/drag.trace.json", traces + "/pan/drag.trace.json").code == 2)
        #expect(touchtrace("diff", traces + "/pan/drag.trace.json").code == 2)
    }
}

@Suite struct VerifyCommandTests {
    @Test func passesAsShippedAndFailsOnAChangedNumber() throws {
        let traces = try copyOfFixtures()
        let clean = touchtrace("verify", traces)
        #expect(clean.code == 0)
        #expect(clean.out.hasSuffix("passed, 0 failed\n"))
        let expected = traces + "/knob/cancelled.expected.txt"
        try writeText(try readText(expected).replacingFirst("value=0.3730", with: "value=0.3740"), to: expected)
        let run = touchtrace("verify", traces)
        #expect(run.code == 1)
        #expect(run.out.contains("FAIL \(traces)/knob/cancelled: the replay differs"))
        #expect(run.out.contains("@@ -"))
        #expect(run.out.contains("@@ \(traces)/knob/cancelled"))
        #expect(run.out.hasSuffix(" passed, 1 failed\n"))
    }

    @Test func recordModesAndCI() throws {
        let traces = try copyOfFixtures()
        let expected = traces + "/pan/drag.expected.txt"
        let good = try readText(expected)
        unlink(expected)
        // CI: never write; the missing file is a failure.
        let ci = touchtrace(["verify", traces], environment: ["CI": "true"])
        #expect(ci.code == 1 && ci.out.contains("no expected file \(expected)"))
        #expect(!Scene.fileExists(expected))
        // missing (default): written, counted as recorded.
        let missing = touchtrace("verify", traces)
        #expect(missing.code == 0 && missing.out.hasSuffix(", 0 failed, 1 recorded\n"))
        #expect(try readText(expected) == good)
        // failed: rewrites what differs only.
        try writeText(good.replacingFirst("velocity=500.0000", with: "velocity=400.0000"), to: expected)
        let failed = touchtrace("verify", traces, "--record", "failed")
        #expect(failed.code == 0 && failed.out.hasSuffix(", 0 failed, 1 recorded\n"))
        #expect(try readText(expected) == good)
        // never: differences fail and nothing is written.
        try writeText(good.replacingFirst("velocity=500.0000", with: "velocity=400.0000"), to: expected)
        #expect(touchtrace("verify", traces, "--record", "never").code == 1)
        // all: every file whose bytes would change is written (here the one changed above), the
        // others are left alone and pass; explicit flags win over CI.
        let all = touchtrace(["verify", traces, "--record", "all"], environment: ["CI": "1"])
        #expect(all.code == 0)
        #expect(all.out.hasSuffix("\(try Fixture.discover([traces]).count - 1) passed, 0 failed, 1 recorded\n"))
        #expect(try readText(expected) == good)
    }

    @Test func shardsCoverTheCorpusExactlyOnce() throws {
        let traces = try copyOfFixtures()
        let total = try Fixture.discover([traces]).count
        var seen: [String] = []
        for i in 1...3 {
            let junit = temporaryDirectory() + "/report.xml"
            let run = touchtrace("verify", traces, "--shard", "\(i)/3", "--junit", junit)
            #expect(run.code == 0)
            let xml = try readText(junit)
            seen += xml.split(separator: "\n").filter { $0.contains("<testcase") }.map(String.init)
        }
        #expect(seen.count == total)
        #expect(Set(seen).count == total)
    }

    @Test func junitHasOneTestcasePerFixture() throws {
        let traces = try copyOfFixtures()
        let expected = traces + "/counter/plus-tap.expected.txt"
        try writeText(try readText(expected).replacingFirst("counter=6", with: "counter=7"), to: expected)
        let junit = temporaryDirectory() + "/report.xml"
        #expect(touchtrace("verify", traces, "--junit", junit).code == 1)
        let xml = try readText(junit)
        let total = try Fixture.discover([traces]).count
        #expect(xml.split(separator: "\n").filter { $0.contains("<testcase ") }.count == total)
        #expect(xml.contains("tests=\"\(total)\" failures=\"1\""))
        #expect(xml.contains(#"<testcase classname="\#(traces.dropFirst().replacingSlashes()).counter" name="plus-tap""#))
        #expect(xml.contains(#"<failure type="difference""#))
        #expect(xml.contains("-0.0800 flo.counter counterChanged counter=7"))
    }

    @Test func aBrokenFixtureIsOneFailureAndTheRestRun() throws {
        let traces = try copyOfFixtures()
        try writeText("{\"version\": 1, \"events\": [{\"t\": 0, \"touches\": [}]}", to: traces + "/pan/broken.trace.json")
        try writeText(#"{"views": [{"name": "x", "frame": [0, 0, -5, 5]}]}"#, to: traces + "/knob/scene.json")
        let run = touchtrace("verify", traces, "--record", "never")
        #expect(run.code == 1)
        #expect(run.out.contains("FAIL \(traces)/pan/broken: cannot be replayed\n\(traces)/pan/broken.trace.json:1:48: invalid JSON: expected a value, found '}'"))
        #expect(run.out.contains("\(traces)/knob/scene.json:1:35: view \"x\": \"frame\" has a negative size"))
        // The knob fixtures that use the folder's scene.json fail; those with their own scene do not.
        let knobCount = try Fixture.discover([traces + "/knob"]).filter { try !readText($0.tracePath).contains("\"scene\"") }.count
        let total = try Fixture.discover([traces]).count
        #expect(run.out.hasSuffix("\(total - knobCount - 1) passed, \(knobCount + 1) failed\n"))
    }

    @Test func badPathsAndOptionsAreUsageErrors() {
        #expect(touchtrace("verify", "/nonexistent").code == 2)
        #expect(touchtrace("verify", packageRoot + "/Package.swift").code == 2)
        #expect(touchtrace("verify", packageRoot + "/traces", "--shard", "0/3").code == 2)
        #expect(touchtrace("verify", packageRoot + "/traces", "--tolerance", "-1").code == 2)
    }
}

@Suite struct ValidateCommandTests {
    @Test func reportsEveryProblem() throws {
        let directory = temporaryDirectory()
        let path = directory + "/t.trace.json"
        try writeText("""
        {"version": 1, "events": [
          {"t": 0, "touches": [{"id": 1, "phase": "moved", "x": 0, "y": 0}]},
          {"t": -1, "touches": [{"id": 2, "phase": "began", "x": 0, "y": "1"}]},
          {"t": 2, "touches": [{"id": 3, "phase": "tapped", "x": 0, "y": 0}]}
        ]}
        """, to: path)
        let run = touchtrace("validate", path)
        #expect(run.code == 2)
        #expect(run.out.isEmpty)
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.hasPrefix(path + ":") })
    }

    /// Every problem a touch object can have, each with its message and place.
    @Test func namesEveryProblemOfATouch() throws {
        let directory = temporaryDirectory()
        let path = directory + "/t.trace.json"
        try writeText(#"""
        {"version": 1, "events": [
          {"t": 0, "touches": [5, {"id": 1, "phase": "began", "x": 0, "y": 0, "x": 1}]},
          {"t": 1, "touches": [{"id": 2, "phase": "began", "x": "a", "y": 0}, {"id": 3, "phase": "began", "x": 1e300, "y": 0}]},
          {"t": 2, "touches": [{"id": 1.5, "phase": "moved", "x": 0, "y": 0}, {"id": null, "phase": "moved", "x": 0, "y": 0}]},
          {"t": 3, "touches": [{"id": 1, "phase": 7, "x": 0, "y": 0}, {"id": 4, "phase": "tapped", "x": 0, "y": 0}]},
          {"t": 4, "touches": [{"id": 5, "phase": "began", "x": 0, "y": 0, "force": true}, {"id": 6, "phase": "began", "x": 0, "y": 0, "majorRadius": -2}]},
          {"t": 5, "touches": [{"id": 7, "phase": "began", "x": 0, "y": 0, "pressure": 1}, {"id": 8, "y": 0}, {"x": 0}]},
          {"t": 6, "touches": [{"id": 1, "id": 1, "phase": "moved", "phase": "moved", "x": 0, "y": 0, "y": 0}]}
        ]}
        """#, to: path)
        let run = touchtrace("validate", "--strict", path)
        #expect(run.code == 2)
        #expect(run.err == """
        \(path):2:24: event 0, touches[0]: a touch must be an object with "id", "phase", "x" and "y", found a number
        \(path):2:71: event 0, touches[1]: duplicate key "x"
        \(path):3:57: event 1, touches[0]: "x" must be a number (points), found a string
        \(path):3:104: event 1, touches[1]: "x" is out of range (1e+300); coordinates must be within ±10000000 points
        \(path):4:31: event 2, touches[0]: touch "id" must be an integer without fraction or exponent that fits in 64 bits, or a string; found 1.5
        \(path):4:78: event 2, touches[1]: touch "id" must be an integer or a string, found null
        \(path):5:43: event 3, touches[0]: "phase" must be a string (began, moved, stationary, ended, cancelled), found a number
        \(path):5:82: event 3, touches[1]: unknown phase "tapped" (valid phases: began, moved, stationary, ended, cancelled)
        \(path):6:77: event 4, touches[0]: "force" must be a number, found a boolean
        \(path):6:143: event 4, touches[1]: "majorRadius" must be between 0 and 10000000, found -2
        \(path):7:68: unknown key "pressure" in event 5, touches[0] (ignored unless --strict)
        \(path):7:84: event 5, touches[1]: missing required keys "phase", "x"
        \(path):7:103: event 5, touches[2]: missing required keys "id", "phase", "y"
        \(path):8:34: event 6, touches[0]: duplicate key "id"
        \(path):8:61: event 6, touches[0]: duplicate key "phase"
        \(path):8:95: event 6, touches[0]: duplicate key "y"

        """)
    }

    @Test func strictReportsUnknownKeys() throws {
        let directory = temporaryDirectory()
        let path = directory + "/t.trace.json"
        try writeText(#"{"version": 1, "recordedOn": "iPad", "strokes": [{"id": 1, "points": [[0, 1, 1], [1, 2, 2]]}]}"#, to: path)
        let lenient = touchtrace("validate", path)
        #expect(lenient.code == 0 && lenient.out == "\(path): ok (2 events, 1 touch)\n")
        // Under --strict an unknown key is an error like any other (SPEC 1): exit 2.
        let strict = touchtrace("validate", path, "--strict")
        #expect(strict.code == 2)
        #expect(strict.err == "\(path):1:16: unknown key \"recordedOn\" in the trace (ignored unless --strict)\n")
    }
}

extension String {
    /// The first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = self[...].range(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}

@Suite struct LargeFileTests {
    /// A trace of several megabytes is mapped rather than read, and its events are read by two
    /// threads: the transcript must be the one its bytes give when parsed from memory.
    @Test func aLargeTraceReplaysAsItsBytesDo() throws {
        var text = #"{"version": 1, "events": ["#
        var t = 0.0
        var touch = 0
        while text.utf8.count < TraceReader.parallelMinimumBytes + 200_000 {
            touch += 1
            for step in 0..<40 {
                let phase = step == 0 ? "began" : (step == 39 ? "ended" : "moved")
                let x = 100 + Double(step * step % 97) * 1.25
                let y = 700 - Double(step) * 7.5 + Double(touch % 13)
                text += (t == 0 ? "\n" : ",\n") + #"{"t": \#(t), "touches": [{"id": \#(touch), "phase": "\#(phase)", "x": \#(x), "y": \#(y)}]}"#
                t += 0.008
            }
            t += 0.25
        }
        text += "\n]}\n"
        let directory = temporaryDirectory()
        let path = directory + "/large.trace.json"
        try writeText(text, to: path)
        let run = touchtrace("replay", path, "--format", "jsonl")
        #expect(run.code == 0)
        #expect(run.err.isEmpty)

        let trace = try Trace.parse(SourceFile(path: path, bytes: Array(text.utf8)))
        let output = MemoryOutput()
        let scene = try Scene.resolve(for: trace)
        let writer = TranscriptWriter(format: .jsonl, sources: Replayer(scene: scene, sink: RecordCollector()).sources, output: output)
        Replayer.replay(trace, scene: scene, into: writer)
        try writer.finish()
        #expect(run.out == output.text)
        #expect(run.out.split(separator: "\n").count > 100_000)
    }
}
