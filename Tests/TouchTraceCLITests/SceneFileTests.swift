import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// Scenes as a user writes them: typos are said, scene files can be checked alone, names are
/// unambiguous in records, and every type is listed with its parameters.
@Suite struct SceneFileTests {
    let drag = packageRoot + "/traces/pan/drag.trace.json"

    @Test func anUnknownParameterIsAWarningAndUnderStrictAnError() throws {
        let scene = temporaryDirectory() + "/typo.json"
        try writeText(#"{"views": [{"name": "pad", "frame": [0, 0, 390, 844], "recognizers": [{"type": "pan", "minimumDistanse": 30}]}]}"#, to: scene)
        let run = touchtrace("replay", drag, "--scene", scene)
        #expect(run.code == 0 && !run.out.isEmpty)
        #expect(run.err == "\(scene):1:87: warning: view \"pad\", pan: unknown parameter \"minimumDistanse\" for pan (pan takes: maximumNumberOfTouches, minimumDistance, minimumNumberOfTouches) (ignored)\n")
        // verify says it once per scene file.
        let folder = temporaryDirectory()
        try copy(drag, folder + "/drag.trace.json")
        try copy(drag, folder + "/again.trace.json")
        try copy(scene, folder + "/scene.json")
        let verify = touchtrace("verify", folder)
        #expect(verify.code == 0 && verify.err == "\(folder)/scene.json:1:87: warning: view \"pad\", pan: unknown parameter \"minimumDistanse\" for pan (pan takes: maximumNumberOfTouches, minimumDistance, minimumNumberOfTouches) (ignored)\n")
        let validate = touchtrace("validate", scene)
        #expect(validate.code == 0 && validate.err.contains("unknown parameter \"minimumDistanse\""))
        let strict = touchtrace("validate", scene, "--strict")
        #expect(strict.code == 2 && strict.out.isEmpty)
        #expect(strict.err.hasPrefix("\(scene):1:87: view \"pad\", pan: unknown parameter \"minimumDistanse\" for pan"))
    }

    @Test func aSceneFileCanBeCheckedAlone() throws {
        let ok = touchtrace("validate", packageRoot + "/traces/counter/scene.json")
        #expect(ok.code == 0 && ok.out == "\(packageRoot)/traces/counter/scene.json: ok (a scene of 3 views)\n")
        let bad = temporaryDirectory() + "/mine.json"
        try writeText(#"{"views": [{"name": "k", "frame": [0, 0, 10, 10], "control": {"type": "knob", "minimumValue": 2, "maximumValue": 1}}]}"#, to: bad)
        let alone = touchtrace("validate", "--scene", bad)
        #expect(alone.code == 2 && alone.err.contains("\"minimumValue\" (2) must be less than \"maximumValue\" (1)"))
        // With a trace, --scene is the scene the trace is checked with.
        #expect(touchtrace("validate", drag, "--scene", bad).code == 2)
        #expect(touchtrace("validate", drag, "--scene", packageRoot + "/traces/counter/scene.json").code == 0)
    }

    /// A file not named `.trace.json` is a scene by its top level's keys alone: `"views"` and
    /// none of a trace's keys; the first trace key settles it, whatever follows.
    @Test func aSceneIsToldFromATraceByItsTopLevelKeys() throws {
        let folder = temporaryDirectory()
        let cases: [(String, Bool)] = [
            (#"{"views": [{"name": "v", "frame": [0, 0, 10, 10]}]}"#, true),
            (#"  {"name": "s", "views": []}  \#n"#, true),
            (#"{"vie\u0077s": []}"#, true),
            (#"{"version": 1, "events": []}"#, false),
            (#"{"views": [], "version": 2}"#, false),
            (#"{"events": [{"t": 0}], "views": []}"#, false),
            (#"{"strokes": [], "views": []}"#, false),
            (#"{"name": "no views"}"#, false),
            (#"{"views": []} extra"#, false),
            (#"{"views": [}"#, false),
            (#"[{"views": []}]"#, false),
            ("", false),
            // Settled at "version": what follows is the trace reader's to report.
            (#"{"version": 1, "views": [], "events": [oops"#, false),
        ]
        for (index, (text, isScene)) in cases.enumerated() {
            let path = folder + "/case-\(index).json"
            try writeText(text, to: path)
            #expect(SceneReader.holdsScene(path: path) == isScene, "\(text)")
        }
        #expect(!SceneReader.holdsScene(path: folder + "/missing.json"))
    }

    @Test(arguments: ["a.b", "two words", "tab\there", "é"])
    func namesHoldOnlySafeCharacters(_ name: String) throws {
        let scene = temporaryDirectory() + "/scene.json"
        var quoted: [UInt8] = []
        appendJSONString(name, to: &quoted)
        let q = String(decoding: quoted, as: UTF8.self)
        for views in [#"[{"name": \#(q), "frame": [0, 0, 10, 10]}]"#,
                      #"[{"name": "v", "frame": [0, 0, 10, 10], "recognizers": [{"type": "pan", "name": \#(q)}]}]"#,
                      #"[{"name": "v", "frame": [0, 0, 10, 10], "control": {"type": "knob", "name": \#(q)}}]"#] {
            try writeText(#"{"views": \#(views)}"#, to: scene)
            let run = touchtrace("validate", scene)
            #expect(run.code == 2, "\(views)")
            #expect(run.err.contains("names may hold only letters, digits, '_' and '-'"), "\(run.err)")
        }
    }

    @Test func aTraceNameIsPrintedEscaped() throws {
        let folder = temporaryDirectory()
        let trace = folder + "/t.trace.json"
        try writeText(#"{"version": 1, "name": "x\n+++ forged\u001b[31m", "strokes": [{"id": 1, "points": [[0, 10, 10], [0.1, 20, 20]]}]}"#, to: trace)
        try writeText(TranscriptFormat.textHeader + "\n0.0000 nothing.here state\n", to: folder + "/t.expected.txt")
        let run = touchtrace("diff", trace, folder + "/t.expected.txt")
        #expect(run.code == 1)
        #expect(!run.out.contains("\n+++ forged") && !run.out.contains("\u{1B}"))
        #expect(run.out.hasPrefix("x\\n+++ forged\\u{1B}[31m: the replay of"))
        #expect(printable("a\tb\\c\u{7F}") == "a\\tb\\\\c\\u{7F}")
    }

    @Test func helpSceneListsEveryTypeWithWhatItsMakeReads() throws {
        let run = touchtrace("help", "scene")
        #expect(run.code == 0)
        for type in Registry.standard.recognizers {
            #expect(run.out.contains("\n  \(type.name) — \(type.summary)\n"))
        }
        for type in Registry.standard.controls {
            #expect(run.out.contains("\n  \(type.name) — \(type.summary)\n"))
        }
        #expect(run.out.contains("minimumDistance          number (points), 0 to 10000000; default 10"))
        #expect(run.out.contains("numberOfGlasses   integer, 1 to 1000000; default 8"))
        // Every key listed is one the type really reads: a scene giving each its default value
        // reads without an unknown-parameter warning, and the list is complete: a key not
        // listed is unknown.
        for type in Registry.standard.recognizers {
            let parameters = ParameterReader.describe(type)
            var node = ParameterReader(JSONNode(offset: 0, value: .object(parameters.map {
                JSONNode.Member(key: $0.key, keyOffset: 0, value: JSONNode(offset: 0, value: .null))
            } + [JSONNode.Member(key: "notAParameter", keyOffset: 0, value: JSONNode(offset: 0, value: .null))])), label: "", viewOffset: 0)
            _ = type.make(&node)
            #expect(node.unknownKeys.map(\.key) == ["notAParameter"], "\(type.name)")
        }
    }
}
