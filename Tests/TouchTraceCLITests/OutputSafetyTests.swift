#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// An output never destroys an input: SPEC 7's last rules, and hints that are safe to follow.
@Suite struct OutputSafetyTests {
    /// A folder holding one pan fixture with its scene.
    func fixture() throws -> (folder: String, trace: String, expected: String, scene: String) {
        let folder = temporaryDirectory() + "/pan"
        mkdirs(folder)
        let trace = folder + "/drag.trace.json", expected = folder + "/drag.expected.txt", scene = folder + "/scene.json"
        try copy(packageRoot + "/traces/pan/drag.trace.json", trace)
        try copy(packageRoot + "/traces/pan/drag.expected.txt", expected)
        try copy(packageRoot + "/traces/pan/scene.json", scene)
        return (folder, trace, expected, scene)
    }

    func unchanged(_ paths: [String], _ originals: [String]) throws -> Bool {
        try zip(paths, originals).allSatisfy { try readText($0) == $1 }
    }

    @Test func replayRefusesToWriteOverWhatItReadsOrAnyTraceOrScene() throws {
        let f = try fixture()
        let originals = try [f.trace, f.expected, f.scene].map(readText)
        let other = temporaryDirectory() + "/other.trace.json"
        let symbolic = temporaryDirectory() + "/link.txt"
        symlink(f.trace, symbolic)
        let hard = temporaryDirectory() + "/hard.txt"
        _ = link(f.scene, hard)
        let sceneFile = temporaryDirectory() + "/my-scene.json"
        try copy(f.scene, sceneFile)
        let sceneCopy = try readText(sceneFile)
        let cases: [[String]] = [
            ["replay", f.trace, "--output", f.trace],
            ["replay", f.trace, "--output", f.folder + "/../pan/drag.trace.json"],
            ["replay", f.trace, "--output", other],
            ["replay", f.trace, "--output", f.scene],
            ["replay", f.trace, "--output", f.folder + "/Scene.JSON"],
            ["replay", f.trace, "--output", symbolic],
            ["replay", f.trace, "--output", hard],
            ["replay", f.trace, "--scene", sceneFile, "--output", sceneFile],
        ]
        for arguments in cases {
            let run = touchtrace(arguments)
            #expect(run.code == 2 && run.out.isEmpty, "\(arguments)")
            #expect(run.err.hasPrefix("touchtrace replay: --output ") && run.err.contains("nothing was written"), "\(arguments): \(run.err)")
        }
        #expect(try unchanged([f.trace, f.expected, f.scene, sceneFile], originals + [sceneCopy]))
        #expect(!OutputSafety.exists(other))
        // NAME.expected.txt stays allowed.
        let record = touchtrace("replay", f.trace, "--output", f.expected)
        #expect(record.code == 0 && record.err.isEmpty)
    }

    @Test func verifyRefusesAJUnitFileThatIsAFixture() throws {
        let f = try fixture()
        let originals = try [f.trace, f.expected, f.scene].map(readText)
        for target in [f.trace, f.expected, f.scene, f.folder + "/report.trace.json"] {
            let run = touchtrace("verify", f.folder, "--junit", target)
            #expect(run.code == 2 && run.out.isEmpty, "\(target)")
            #expect(run.err.hasPrefix("touchtrace verify: --junit "), "\(target): \(run.err)")
        }
        #expect(try unchanged([f.trace, f.expected, f.scene], originals))
        let report = temporaryDirectory() + "/report.xml"
        #expect(touchtrace("verify", f.folder, "--junit", report).code == 0)
        #expect(try readText(report).contains("<testcase"))
    }

    @Test func diffOfATraceWithItselfSaysSoAndSuggestsNothingHarmful() throws {
        let f = try fixture()
        let run = touchtrace("diff", f.trace, f.trace)
        #expect(run.code == 2 && run.out.isEmpty)
        #expect(run.err.hasPrefix("touchtrace diff: TRACE and EXPECTED are the same file"))
        #expect(!run.err.contains("--output"))
        // A scene given as EXPECTED: not a transcript, and no hint to write over it.
        let scene = touchtrace("diff", f.trace, f.scene)
        #expect(scene.code == 2 && scene.err.contains("not a text transcript") && !scene.err.contains("--output"))
    }

    @Test func hintsQuotePathsForTheShell() throws {
        let folder = temporaryDirectory() + "/it's a dir"
        mkdirs(folder)
        try copy(packageRoot + "/traces/pan/drag.trace.json", folder + "/-drag.trace.json")
        let missing = touchtrace("diff", folder + "/-drag.trace.json", folder + "/-drag.expected.txt")
        #expect(missing.code == 2)
        #expect(missing.err.hasSuffix("make one with: touchtrace replay '\(folder.replacingOccurrences(of: "'", with: "'\\''"))/-drag.trace.json' --output '\(folder.replacingOccurrences(of: "'", with: "'\\''"))/-drag.expected.txt'\n"), "\(missing.err)")
        let verify = touchtrace(["verify", folder], environment: ["CI": "true"])
        #expect(verify.out.contains("create it with: touchtrace verify '\(folder.replacingOccurrences(of: "'", with: "'\\''"))/-drag.trace.json' --record missing"))
        #expect(shellWord("-x.trace.json") == "./-x.trace.json")
        #expect(shellWord("traces/pan/drag.trace.json") == "traces/pan/drag.trace.json")
        #expect(shellWord("a b") == "'a b'")
        #expect(shellWord("$(rm -rf x)") == "'$(rm -rf x)'")
        #expect(shellWord("a\nb'c\u{1B}") == #"$'a\nb\'c\x1B'"#)
    }
}


/// A fixture whose path holds a newline and an escape sequence is named escaped everywhere.
@Suite struct EscapedNamesTests {
    @Test func controlCharactersInPathsAreEscapedOnTheTerminalAndInJUnit() throws {
        let folder = temporaryDirectory() + "/odd"
        mkdirs(folder)
        let trace = folder + "/a\n+++ b\u{1B}[2J.trace.json"
        try copy(packageRoot + "/traces/pan/drag.trace.json", trace)
        try copy(packageRoot + "/traces/pan/scene.json", folder + "/scene.json")
        let report = temporaryDirectory() + "/report.xml"
        let run = touchtrace(["verify", folder, "--junit", report], environment: ["CI": "1"])
        #expect(run.code == 1)
        #expect(!run.out.contains("\u{1B}") && !run.out.contains("\n+++ b"))
        #expect(run.out.contains("a\\n+++ b\\u{1B}[2J: no expected file"))
        let xml = try readText(report)
        #expect(xml.contains(#"name="a\n+++ b\u{1B}[2J""#) && !xml.contains("\u{1B}"))
    }
}
