#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// Messages say what is wrong, in words that fit the case, and where.
@Suite struct MessageWordingTests {
    @Test func aLinkLoopIsCalledALoop() throws {
        let folder = temporaryDirectory()
        symlink(folder + "/b.trace.json", folder + "/a.trace.json")
        symlink(folder + "/a.trace.json", folder + "/b.trace.json")
        let tree = touchtrace("verify", folder)
        #expect(tree.code == 1)
        #expect(tree.out.contains("FAIL \(folder)/a.trace.json: a symbolic link in a loop (too many levels of symbolic links); not read"), "\(tree.out)")
        let given = touchtrace("verify", folder + "/a.trace.json")
        #expect(given.code == 2)
        #expect(given.err == "touchtrace verify: \(folder)/a.trace.json: a symbolic link in a loop (too many levels of symbolic links)\n", "\(given.err)")
        symlink(folder + "/nothing", folder + "/c.trace.json")
        #expect(touchtrace("verify", folder).out.contains("FAIL \(folder)/c.trace.json: a symbolic link to nothing; not read"))
    }

    /// README: a *.trace.json that is not a regular file fails the run, named.
    @Test func aFolderNamedLikeATraceFailsTheRun() throws {
        let folder = temporaryDirectory()
        try copy(packageRoot + "/traces/pan/drag.trace.json", folder + "/drag.trace.json")
        try copy(packageRoot + "/traces/pan/drag.expected.txt", folder + "/drag.expected.txt")
        try copy(packageRoot + "/traces/pan/scene.json", folder + "/scene.json")
        mkdirs(folder + "/x.trace.json")
        let run = touchtrace("verify", folder, "--record", "never")
        #expect(run.code == 1)
        #expect(run.out.contains("FAIL \(folder)/x.trace.json: is a folder, not a trace file"), "\(run.out)")
        #expect(run.out.hasSuffix("1 passed, 1 failed\n"))
    }

    @Test func diffNamesAFolderGivenAsTheExpectedFile() throws {
        let run = touchtrace("diff", packageRoot + "/traces/knob/quarter-turn.trace.json", packageRoot + "/traces/knob")
        #expect(run.code == 2)
        #expect(run.err == "\(packageRoot)/traces/knob:1:1: is a directory, not an expected transcript (give the NAME.expected.txt file)\n", "\(run.err)")
    }

    @Test func anEmptyNameIsCalledEmpty() throws {
        let folder = temporaryDirectory()
        try writeText(#"{"views": [{"name": "", "frame": [0, 0, 10, 10], "recognizers": [{"type": "pan", "name": ""}]}]}"#, to: folder + "/scene.json")
        let run = touchtrace("validate", folder + "/scene.json")
        #expect(run.code == 2)
        // Column 21 is the view's "" (20 characters before it), column 90 the recognizer's (89).
        #expect(run.err == """
            \(folder)/scene.json:1:21: views[0]: "name" must be a non-empty string, found an empty string
            \(folder)/scene.json:1:90: view "views[0]", recognizers[0]: "name" must be a non-empty string, found an empty string

            """, "\(run.err)")
        #expect(!run.err.contains("found a string"))
    }

    /// The warning points at the first touch that began outside every view, in either form.
    @Test func theOutsideEveryViewWarningIsLocated() throws {
        let folder = temporaryDirectory()
        let trace = folder + "/miss.trace.json"
        try writeText("""
        {"version": 1, "scene": {"views": [{"name": "pad", "frame": [0, 0, 100, 100], "recognizers": [{"type": "pan"}]}]},
         "events": [{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 5, "y": 5}]},
                    {"t": 0.1, "touches": [{"id": 1, "phase": "ended", "x": 5, "y": 5},
                                          {"id": 2, "phase": "began", "x": 500, "y": 5}]}]}
        """, to: trace)
        let run = touchtrace("replay", trace)
        #expect(run.code == 0)
        // Line 4, column 35: the `{` of touch 2 (34 characters before it on its line, once the
        // literal's indentation is taken off).
        #expect(run.err.contains("\(trace):4:35: warning: 1 touch began outside every view"), "\(run.err)")
        let verify = touchtrace("diff", trace, folder + "/none.expected.txt")
        #expect(verify.err.contains("\(trace):4:35: warning: 1 touch began outside every view"), "\(verify.err)")
    }

    /// A folder that takes no new file (`/proc`) is not "no such file".
    @Test func anOutputWhoseFolderTakesNoFileSaysSo() throws {
        #if os(Linux)
        let run = touchtrace("replay", packageRoot + "/traces/pan/drag.trace.json", "--output", "/proc/version")
        #expect(run.code == 74)
        #expect(run.err.hasPrefix("touchtrace replay: /proc/version: cannot write: its folder takes no new files"), "\(run.err)")
        #expect(!run.err.contains("no such file"))
        #endif
    }
}
