#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// `verify`'s golden-file workflow: obsolete expected files, `--prune`, `--artifacts`, GitHub
/// Actions annotations and `--report`.
@Suite struct GoldenWorkflowTests {
    /// A copy of the fixtures with `pan/drag`'s trace deleted: its expected file is obsolete.
    func fixturesWithAnObsoleteFile() throws -> String {
        let traces = try copyOfFixtures()
        unlink(traces + "/pan/drag.trace.json")
        return traces
    }

    @Test func anExpectedFileWithoutItsTraceIsReportedAndFailsOnlyUnderCI() throws {
        let traces = try fixturesWithAnObsoleteFile()
        let obsolete = traces + "/pan/drag.expected.txt"
        #expect(GoldenFiles.obsoleteExpectedFiles(under: [traces]) == [obsolete])

        let local = touchtrace("verify", traces)
        #expect(local.code == 0)
        #expect(local.out.contains("OBSOLETE \(obsolete): its trace \(traces)/pan/drag.trace.json is gone"))
        #expect(local.out.hasSuffix(", 1 obsolete\n"))
        for value in ["", "0", "false"] {
            #expect(touchtrace("verify", traces, environment: ["CI": value]).code == 0, "CI=\(value) is not set")
        }
        for value in ["1", "true", "yes"] {
            let ci = touchtrace("verify", traces, environment: ["CI": value])
            #expect(ci.code == 1, "CI=\(value)")
            #expect(ci.out.contains("OBSOLETE \(obsolete)"))
        }
        // Nothing was deleted without --prune.
        #expect(Scene.fileExists(obsolete))
    }

    /// Most expected files are settled by their folder's listing (a regular trace of the same
    /// name beside them); the rest by looking their trace up. Each kind of neighbour, by bytes.
    @Test func whatMakesAnExpectedFileObsolete() throws {
        let folder = temporaryDirectory()
        func file(_ name: String) throws { try writeText("x", to: folder + "/" + name) }
        // Kept: a regular trace beside it; a link to one; a folder named like a trace; a link
        // to nothing (verify fails that fixture: the link wants mending, not its expected file
        // deleting).
        try file("plain.expected.txt"); try file("plain.trace.json")
        try file("linked.expected.txt"); try file("target.json")
        symlink(folder + "/target.json", folder + "/linked.trace.json")
        try file("folder.expected.txt"); mkdirs(folder + "/folder.trace.json")
        try file("dangling.expected.txt")
        symlink(folder + "/nothing.json", folder + "/dangling.trace.json")
        // Obsolete: no trace; a trace whose name differs only in how its é is written
        // (e + U+0301 is other bytes than U+00E9); a trace in another folder.
        try file("gone.expected.txt")
        try file("caf\u{E9}.expected.txt"); try file("cafe\u{301}.trace.json")
        try file("elsewhere.expected.txt"); mkdirs(folder + "/sub"); try file("sub/elsewhere.trace.json")
        // A link to an expected file counts as one; hidden files and folders are not searched.
        symlink(folder + "/gone.expected.txt", folder + "/alias.expected.txt")
        try file(".hidden.expected.txt")
        mkdirs(folder + "/.git"); try file(".git/old.expected.txt")

        let expected = ["alias", "caf\u{E9}", "elsewhere", "gone"].map { folder + "/" + $0 + ".expected.txt" }
        #expect(GoldenFiles.obsoleteExpectedFiles(under: [folder]) == expected)
        #expect(GoldenFiles.obsoleteExpectedFiles(under: [folder + "/"]) == expected)
        #expect(GoldenFiles.obsoleteExpectedFiles(under: [folder + "/sub"]).isEmpty)
    }

    @Test func pruneDeletesObsoleteFilesAndNothingElse() throws {
        let traces = try fixturesWithAnObsoleteFile()
        let before = try Fixture.discover([traces]).count
        let run = touchtrace("verify", traces, "--prune", environment: ["CI": "1"])
        #expect(run.code == 0)
        #expect(run.out.contains("PRUNED \(traces)/pan/drag.expected.txt"))
        #expect(run.out.hasSuffix(", 1 pruned\n"))
        #expect(!Scene.fileExists(traces + "/pan/drag.expected.txt"))
        #expect(try Fixture.discover([traces]).count == before)
        for fixture in try Fixture.discover([traces]) { #expect(Scene.fileExists(fixture.expectedPath)) }
        #expect(GoldenFiles.obsoleteExpectedFiles(under: [traces]).isEmpty)
    }

    /// A fixture whose trace is a link to nothing fails; --prune keeps its expected file.
    @Test func pruneKeepsTheExpectedFileOfATraceLinkedToNothing() throws {
        let traces = try copyOfFixtures()
        let trace = traces + "/pan/drag.trace.json", expected = traces + "/pan/drag.expected.txt"
        unlink(trace)
        symlink(traces + "/pan/nothing.json", trace)
        let run = touchtrace("verify", traces + "/pan", "--prune")
        #expect(run.code == 1)
        #expect(run.out.contains("FAIL \(trace)"), "\(run.out)")
        #expect(!run.out.contains("PRUNED") && !run.out.contains("OBSOLETE"))
        #expect(Scene.fileExists(expected))
    }

    @Test func shardsShareTheObsoleteFilesBetweenThem() throws {
        let traces = try fixturesWithAnObsoleteFile()
        unlink(traces + "/knob/quarter-turn.trace.json")
        let counts = (1...2).map { i in touchtrace("verify", traces, "--shard", "\(i)/2").out.components(separatedBy: "OBSOLETE ").count - 1 }
        #expect(counts == [1, 1])
    }

    /// A copy of the fixtures where `knob/quarter-turn`'s third line expects 0.2470 (the replay
    /// gives 0.2460), and `counter/plus-tap` has no expected file.
    func fixturesWithFailures() throws -> (traces: String, knob: String, counter: String) {
        let traces = try copyOfFixtures()
        let knob = traces + "/knob/quarter-turn.expected.txt"
        let text = try readText(knob)
        try writeText(text.replacingFirst("value=0.2460", with: "value=0.2470"), to: knob)
        let counter = traces + "/counter/plus-tap.expected.txt"
        unlink(counter)
        return (traces, knob, counter)
    }

    @Test func artifactsHoldTheActualTranscriptOfEachFailedFixture() throws {
        let (traces, _, _) = try fixturesWithFailures()
        let artifacts = temporaryDirectory() + "/actual"
        let run = touchtrace("verify", traces, "--record", "never", "--artifacts", artifacts)
        #expect(run.code == 1)
        let knob = GoldenFiles.artifactPath(for: Fixture(tracePath: traces + "/knob/quarter-turn.trace.json"), in: artifacts)
        #expect(knob == artifacts + traces + "/knob/quarter-turn.expected.txt")
        // The actual transcript: what replay prints, byte for byte.
        #expect(try readText(knob) == touchtrace("replay", traces + "/knob/quarter-turn.trace.json").out)
        let counter = GoldenFiles.artifactPath(for: Fixture(tracePath: traces + "/counter/plus-tap.trace.json"), in: artifacts)
        #expect(try readText(counter) == touchtrace("replay", traces + "/counter/plus-tap.trace.json").out)
        // Passing fixtures leave nothing.
        #expect(!Scene.fileExists(GoldenFiles.artifactPath(for: Fixture(tracePath: traces + "/pan/drag.trace.json"), in: artifacts)))
        #expect(GoldenFiles.artifactPath(for: Fixture(tracePath: "./a/../b.trace.json"), in: "out/") == "out/a/__/b.expected.txt")
    }

    @Test func gitHubActionsGetsAnAnnotationOnTheFirstDifferingLine() throws {
        let (traces, knob, _) = try fixturesWithFailures()
        let run = touchtrace("verify", traces, "--record", "never", environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.code == 1)
        let annotations = run.out.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(annotations.count == 2)
        // Line 1 is the header, line 2 the rotation's began, line 3 the knob's first value.
        let escapedKnob = knob.replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
        #expect(annotations.contains { $0.hasPrefix("::error file=\(escapedKnob),line=3,") })
        #expect(annotations.contains { $0.contains("%0Aexpected: 0.0160 knob.knob valueChanged value=0.2470") })
        // The missing expected file points at the trace.
        #expect(annotations.contains { $0.hasPrefix("::error file=\(traces)/counter/plus-tap.trace.json,line=1,") })
        // Not under GitHub Actions: no annotations.
        #expect(!touchtrace("verify", traces, "--record", "never").out.contains("::error"))
    }

    @Test func firstDifferingLineCountsFromOneInTheExpectedFile() {
        #expect(GoldenFiles.firstDifferingLine(expected: "a\nb\nc\n", actual: "a\nb\nc\n") == nil)
        #expect(GoldenFiles.firstDifferingLine(expected: "a\nb\nc\n", actual: "a\nx\nc\n") == 2)
        // A line the expected file lacks: the line where it would go.
        #expect(GoldenFiles.firstDifferingLine(expected: "a\nc\n", actual: "a\nb\nc\n") == 2)
        // Lines missing at its end: its last line.
        #expect(GoldenFiles.firstDifferingLine(expected: "a\nb\n", actual: "a\nb\nc\n") == 2)
        #expect(GoldenFiles.firstDifferingLine(expected: "", actual: "a\n") == 1)
        let header = "# touchtrace transcript v1\n"
        #expect(GoldenFiles.differingRecords(expected: header + "a\nb\nc\n", actual: header + "a\nx\nc\nd\n") == [1, 3])
        #expect(GoldenFiles.differingRecords(expected: header + "a\n", actual: header + "a\n").isEmpty)
        #expect(GitHubAnnotation.location(in: "traces/a.trace.json:12:5: touch 1 moved before it began")! == ("traces/a.trace.json", 12))
        #expect(GitHubAnnotation.location(in: "no place here") == nil)
        #expect(GitHubAnnotation.error(file: "a,b:c", line: 2, title: "t", message: "50%\nnext")
                == "::error file=a%2Cb%3Ac,line=2,title=t::50%25%0Anext")
    }

    @Test func theReportShowsFailuresFirstWithPictureDiffAndPathsThenPassedOnesFolded() throws {
        let (traces, knob, _) = try fixturesWithFailures()
        unlink(traces + "/pan/drag.trace.json")
        let report = temporaryDirectory() + "/report.html"
        let run = touchtrace("verify", traces, "--record", "never", "--report", report)
        #expect(run.code == 1)
        let page = try readText(report)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(!page.contains("<script"))
        let firstFailure = try #require(page.range(of: "<section class=\"fixture failed\">"))
        let firstDetails = try #require(page.range(of: "<details>"))
        #expect(firstFailure.lowerBound < firstDetails.lowerBound)
        // No list of fixtures above the failures: the first fixture name on the page is a failure's.
        let head = page[..<firstFailure.lowerBound]
        #expect(!head.contains("/checkmark/"))
        // The failure's diff is the one verify prints, its paths are both there, and its picture.
        #expect(page.contains(Markup.escape("-0.0160 knob.knob valueChanged value=0.2470 pointerAngle=-2.9670")))
        #expect(page.contains(Markup.escape("+0.0160 knob.knob valueChanged value=0.2460 pointerAngle=-2.9670")))
        #expect(page.contains("trace: \(traces)/knob/quarter-turn.trace.json"))
        #expect(page.contains("expected: \(knob)"))
        let failures = page.components(separatedBy: "<section class=\"fixture failed\">").dropFirst()
        #expect(failures.count == 2)
        for failure in failures {
            let section = failure.components(separatedBy: "</section>")[0]
            #expect(section.contains("<svg"), "each failure has its picture")
        }
        // In the knob's picture, the one record that differs (the knob's first value, record 1
        // after the rotation's began) is pointed out.
        #expect(page.components(separatedBy: "data-differs=\"true\"").count - 1 == 1)
        let knobSection = failures.first { $0.contains("knob/quarter-turn.trace.json") }!
        let differing = knobSection.components(separatedBy: "<polygon ").filter { $0.contains("data-differs") }
        #expect(differing.count == 1 && differing[0].hasPrefix("class=\"mark\" data-record=\"1\" data-source=\"knob.knob\""))
        // The obsolete file and the passed fixtures, folded.
        #expect(page.contains("\(traces)/pan/drag.expected.txt"))
        let passed = try Fixture.discover([traces]).count - 2
        #expect(page.components(separatedBy: "<details>").count - 1 == passed)
        // The same run gives the same page.
        let again = temporaryDirectory() + "/report.html"
        _ = touchtrace("verify", traces, "--record", "never", "--report", again)
        #expect(try readText(again) == page)
    }

    @Test func artifactsAreNeverWrittenOverTheExpectedFiles() throws {
        let (traces, knob, _) = try fixturesWithFailures()
        let before = try readText(knob)
        // The fixtures' paths are absolute: `--artifacts /` maps each expected file onto itself.
        let run = touchtrace("verify", traces, "--record", "never", "--artifacts", "/")
        #expect(run.code == 2)
        #expect(run.err.contains("would write over the expected file"))
        #expect(try readText(knob) == before)
    }

    @Test func theReportIsNeverWrittenOverAFileVerifyReads() throws {
        let traces = try copyOfFixtures()
        let expected = traces + "/knob/quarter-turn.expected.txt"
        let before = try readText(expected)
        for target in [traces + "/knob/quarter-turn.trace.json", traces + "/knob/scene.json", expected, traces + "/new.trace.json"] {
            let run = touchtrace("verify", traces, "--report", target)
            #expect(run.code == 2, "\(target)")
            #expect(run.err.contains("--report"))
        }
        #expect(try readText(expected) == before)
        #expect(!Scene.fileExists(traces + "/new.trace.json"))
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        components(separatedBy: target).joined(separator: replacement)
    }
}
