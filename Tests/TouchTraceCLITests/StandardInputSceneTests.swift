import Foundation
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// A trace read from standard input has no folder, so no scene.json beside it: the scene used
/// is said, and the help's example gives one.
@Suite(.serialized) struct StandardInputSceneTests {
    @Test func theHelpExampleReplaysTheKnobThroughItsScene() throws {
        let help = touchtrace("help", "replay").out
        let line = try #require(help.split(separator: "\n").first { $0.contains("replay - ") })
        // `touchtrace replay - --scene FILE < TRACE`, run from the package root.
        let words = line.split(separator: " ").map(String.init)
        let redirect = try #require(words.firstIndex(of: "<"))
        let arguments = Array(words[1..<redirect]).map { $0.hasPrefix("traces/") ? packageRoot + "/" + $0 : $0 }
        let trace = packageRoot + "/" + words[redirect + 1]
        let run = try ProcessTests.run(arguments, input: try Data(contentsOf: URL(fileURLWithPath: trace)))
        #expect(run.status == 0 && run.err.isEmpty, "\(run.err)")
        #expect(run.out == Data(touchtrace("replay", trace).out.utf8))
    }

    @Test func theDefaultSceneForStandardInputIsAWarning() throws {
        let trace = packageRoot + "/traces/knob/quarter-turn.trace.json"
        let run = try ProcessTests.run(["replay", "-"], input: try Data(contentsOf: URL(fileURLWithPath: trace)))
        #expect(run.status == 0)
        #expect(run.err == "<stdin>:1:1: warning: the trace names no scene and standard input has no folder with a scene.json: replayed through the default scene (a knob, pan, checkmark and spots covering the screen); give --scene FILE for another\n")
        let given = try ProcessTests.run(["replay", "-", "--scene", packageRoot + "/traces/knob/scene.json"], input: try Data(contentsOf: URL(fileURLWithPath: trace)))
        #expect(given.status == 0 && given.err.isEmpty)
    }
}
