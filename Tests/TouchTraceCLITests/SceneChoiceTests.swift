import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TouchTrace
@testable import TouchTraceCLI

/// Which scene a trace goes through, and the warnings that keep a user from being surprised.
@Suite struct SceneChoiceTests {
    /// A trace with a scene of its own (one pad with pan) and a scene.json beside it (one pad
    /// with spots), and a third scene file (one pad with checkmark).
    func layout() throws -> (trace: String, sceneFile: String) {
        let folder = temporaryDirectory()
        let trace = folder + "/t.trace.json"
        try writeText("""
        {"version": 1, "scene": {"views": [{"name": "own", "frame": [0, 0, 400, 400], "recognizers": [{"type": "pan"}]}]},
         "strokes": [{"id": 1, "points": [[0, 10, 10], [0.1, 60, 60], [0.2, 100, 100]]}]}
        """, to: trace)
        try writeText(#"{"views": [{"name": "beside", "frame": [0, 0, 400, 400], "recognizers": [{"type": "spots"}]}]}"#, to: folder + "/scene.json")
        let sceneFile = folder + "/given.json"
        try writeText(#"{"views": [{"name": "given", "frame": [0, 0, 400, 400], "recognizers": [{"type": "checkmark"}]}]}"#, to: sceneFile)
        return (trace, sceneFile)
    }

    @Test func theSceneOnTheCommandLineWins() throws {
        let l = try layout()
        let replay = touchtrace("replay", l.trace, "--scene", l.sceneFile)
        #expect(replay.code == 0 && replay.err.isEmpty)
        #expect(replay.out.contains(" given.checkmark ") && !replay.out.contains(" own.") && !replay.out.contains(" beside."))
        // Without --scene, the trace's own scene.
        #expect(touchtrace("replay", l.trace).out.contains(" own.pan "))
        // diff and verify's path give the same transcript as replay.
        let expected = temporaryDirectory() + "/t.expected.txt"
        try writeText(replay.out, to: expected)
        #expect(touchtrace("diff", l.trace, expected, "--scene", l.sceneFile).code == 0)
        #expect(try Verifier.render(tracePath: l.trace, sceneFile: l.sceneFile) == Array(replay.out.utf8))
        #expect(touchtrace("diff", l.trace, expected).code == 1)
    }

    @Test func aSceneFileInTheWrongCaseIsNamedInAWarning() throws {
        let folder = temporaryDirectory()
        try copy(packageRoot + "/traces/pan/drag.trace.json", folder + "/drag.trace.json")
        try copy(packageRoot + "/traces/pan/scene.json", folder + "/Scene.json")
        let run = touchtrace("replay", folder + "/drag.trace.json")
        #expect(run.code == 0)
        #expect(run.err.contains("\(folder)/Scene.json: warning: not read: the scene beside a trace must be named scene.json exactly"))
        try copy(packageRoot + "/traces/pan/drag.expected.txt", folder + "/drag.expected.txt")
        let verify = touchtrace("verify", folder, "--record", "never")
        #expect(verify.err.contains("\(folder)/Scene.json: warning: not read"))
    }

    /// A folder too large to list is searched by name: both ways find the same file (the first
    /// other spelling in byte order, a dangling link too), and a large folder's misnamed scene
    /// is still named in replay's warning.
    @Test func aMisnamedSceneIsFoundByNameAsByListing() throws {
        #expect(Scene.otherCaseSpellings.count == 511 && Scene.otherCaseSpellings.first == "SCENE.JSON"
            && Scene.otherCaseSpellings.last == "scene.jsoN" && !Scene.otherCaseSpellings.contains("scene.json"))
        // Every other spelling once, in byte order, each lowercasing to scene.json.
        let byBytes = Scene.otherCaseSpellings.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(Scene.otherCaseSpellings == byBytes)
        #expect(zip(byBytes, byBytes.dropFirst()).allSatisfy { $0 != $1 })
        #expect(Scene.otherCaseSpellings.allSatisfy { $0.lowercased() == "scene.json" && $0 != "scene.json" })
        let folder = temporaryDirectory() + "/"
        #expect(Scene.misnamedSceneFileByName(inFolder: folder) == nil)
        #expect(Scene.misnamedSceneFileByListing(inFolder: folder) == nil)
        try writeText("{}", to: folder + "Scene.json")
        #expect(Scene.misnamedSceneFileByName(inFolder: folder) == folder + "Scene.json")
        #expect(Scene.misnamedSceneFileByListing(inFolder: folder) == folder + "Scene.json")
        #expect(symlink(folder + "nowhere", folder + "SCENE.json") == 0)
        #expect(Scene.misnamedSceneFileByName(inFolder: folder) == folder + "SCENE.json")
        #expect(Scene.misnamedSceneFileByListing(inFolder: folder) == folder + "SCENE.json")

        let large = temporaryDirectory()
        for k in 0..<4000 { try writeText("", to: large + "/padding-file-\(k).txt") }
        var info = stat()
        #expect(stat(large, &info) == 0 && Int(info.st_size) > Scene.largeFolderBytes, "the folder must be large for this test")
        try copy(packageRoot + "/traces/pan/drag.trace.json", large + "/drag.trace.json")
        try copy(packageRoot + "/traces/pan/scene.json", large + "/sCene.json")
        let run = touchtrace("replay", large + "/drag.trace.json")
        #expect(run.code == 0)
        #expect(run.err.contains("\(large)/sCene.json: warning: not read: the scene beside a trace must be named scene.json exactly"))
    }

    @Test func touchesThatHitNoViewAreCountedInAWarning() throws {
        let folder = temporaryDirectory()
        let trace = folder + "/miss.trace.json"
        try writeText("""
        {"version": 1, "scene": {"views": [{"name": "pad", "frame": [0, 0, 100, 100], "recognizers": [{"type": "pan"}]}]},
         "strokes": [{"id": 1, "points": [[0, 150, 150], [0.1, 160, 160]]},
                     {"id": 2, "points": [[0.2, 10, 10], [0.3, 11, 11]]},
                     {"id": 3, "points": [[0.4, 100.5, 5], [0.5, 120, 5]]}]}
        """, to: trace)
        let run = touchtrace("replay", trace)
        #expect(run.code == 0)
        // Located at the first one's first point, [0, 150, 150]: line 2, column 35 (34
        // characters before it: ` "strokes": [{"id": 1, "points": [`).
        #expect(run.err == "\(trace):2:35: warning: 2 touches began outside every view and reached nothing (the first: touch 1 in event 0 at t=0.0000, (150.0000, 150.0000)); check the scene's frames against the trace's coordinates\n")
        let diffWarning = touchtrace("diff", trace, trace.replacingFirst(".trace.json", with: ".expected.txt"))
        #expect(diffWarning.err.contains("warning: 2 touches began outside every view"))
        // A touch on the edge is inside in a v1 trace (closed edges).
        let edge = folder + "/edge.trace.json"
        try writeText("""
        {"version": 1, "scene": {"views": [{"name": "pad", "frame": [0, 0, 100, 100], "recognizers": [{"type": "pan"}]}]},
         "strokes": [{"id": 1, "points": [[0, 100, 100], [0.1, 90, 90]]}]}
        """, to: edge)
        #expect(touchtrace("replay", edge).err.isEmpty)
    }
}
