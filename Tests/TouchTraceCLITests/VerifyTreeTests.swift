#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// What verify makes of the trees it is given: names at the file system's limits, folders it
/// must not write into, entries that are not what their names say.
@Suite struct VerifyTreeTests {
    /// A folder holding a copy of `pan/drag` and its scene under the name `name`.
    func folder(withDragNamed name: String) throws -> String {
        let folder = temporaryDirectory()
        try copy(packageRoot + "/traces/pan/drag.trace.json", folder + "/" + name + Fixture.traceSuffix)
        try copy(packageRoot + "/traces/pan/scene.json", folder + "/scene.json")
        return folder
    }

    /// Names up to 255 bytes: NAME.expected.txt (13 bytes more than NAME) fits for NAME of up
    /// to 242 bytes; the temporary file it is written through must fit as well.
    @Test func aFixtureWhoseExpectedFileNameFitsCanBeRecorded() throws {
        for length in [235, 240, 242] {
            let name = String(repeating: "d", count: length)
            let folder = try folder(withDragNamed: name)
            let run = touchtrace("verify", folder)
            #expect(run.code == 0, "\(length): \(run.out)\(run.err)")
            let expected = folder + "/" + name + Fixture.expectedSuffix
            #expect(try readText(expected) == touchtrace("replay", packageRoot + "/traces/pan/drag.trace.json").out)
        }
        // Names of several bytes a character are cut between characters.
        let short = AtomicFile.temporaryName(for: String(repeating: "é", count: 130), suffix: ".1-0.tmp")
        #expect(short.utf8.count <= 255 && short.hasSuffix("é.1-0.tmp") && short.hasPrefix(".é"))
        #expect(AtomicFile.temporaryName(for: "a.expected.txt", suffix: ".7-0.tmp") == ".a.expected.txt.7-0.tmp")
    }
}

extension VerifyTreeTests {
    /// Artifacts inside a verified folder would be obsolete expected files to the next run.
    @Test func anArtifactsFolderInsideAVerifiedFolderIsRefused() throws {
        let traces = try copyOfFixtures()
        let knob = traces + "/knob/quarter-turn.expected.txt"
        try writeText(try readText(knob).replacingFirst("value=0.2460", with: "value=0.2470"), to: knob)
        for artifacts in [traces + "/sub", traces + "/knob/new/deeper", traces, traces + "/../traces/x"] {
            let run = touchtrace("verify", traces, "--record", "never", "--artifacts", artifacts)
            #expect(run.code == 2, "\(artifacts)")
            #expect(run.err.contains("--artifacts \(artifacts) is inside the verified folder \(traces)"), "\(run.err)")
        }
        #expect(!Scene.fileExists(traces + "/sub") && !Scene.fileExists(traces + "/knob/new") && !Scene.fileExists(traces + "/x"))
        #expect(GoldenFiles.obsoleteExpectedFiles(under: [traces]).isEmpty)
        // Beside the folder is fine: the failure is written there.
        let beside = traces + "-actual"
        let run = touchtrace("verify", traces, "--record", "never", "--artifacts", beside)
        #expect(run.code == 1)
        #expect(Scene.fileExists(GoldenFiles.artifactPath(for: Fixture(tracePath: traces + "/knob/quarter-turn.trace.json"), in: beside)))
    }
}
