import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// `help scene` states the values every number parameter may take, as the reader enforces them.
@Suite struct HelpSceneRangeTests {
    @Test func everyNumberParameterShowsItsRange() throws {
        let help = touchtrace("help", "scene").out
        let parameterLines = help.split(separator: "\n").filter { $0.hasPrefix("      ") && !$0.contains("(no parameters)") }
        #expect(parameterLines.count > 30)
        for line in parameterLines where line.contains(" number") || line.contains(" integer") {
            #expect(line.contains(" to ") || line.contains(" or more"), "no range: \(line)")
        }
        #expect(help.contains("      minimumValue      number, -1000000000000 to 1000000000000; default 0\n"))
        #expect(help.contains("      maximumValue      number, -1000000000000 to 1000000000000, greater than minimumValue; default 1\n"))
        #expect(help.contains("      lower      number, -1000000000000 to 1000000000000, within minValue to upper; default 0\n"))
    }

    /// The range shown is the one enforced: a value just past it is refused, naming it.
    @Test func theRangeShownIsTheOneEnforced() throws {
        let folder = temporaryDirectory()
        try writeText(#"{"views": [{"name": "k", "frame": [0, 0, 100, 100], "control": {"type": "knob", "minimumValue": -1e13}}]}"#, to: folder + "/scene.json")
        let run = touchtrace("validate", folder + "/scene.json")
        #expect(run.code == 2)
        #expect(run.err.contains("\"minimumValue\" must be between -1000000000000 and 1000000000000, found -10000000000000"), "\(run.err)")
        try writeText(#"{"views": [{"name": "k", "frame": [0, 0, 100, 100], "control": {"type": "knob", "minimumValue": -1e12, "maximumValue": 1e12}}]}"#, to: folder + "/scene.json")
        #expect(touchtrace("validate", folder + "/scene.json").code == 0)
    }
}
