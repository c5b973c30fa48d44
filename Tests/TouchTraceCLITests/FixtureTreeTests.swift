#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// Fixture trees are read fully or fail naming what was skipped, and nothing makes them wait.
@Suite struct FixtureTreeTests {
    func tree() throws -> String {
        let root = temporaryDirectory() + "/traces"
        mkdirs(root + "/pan")
        for name in ["drag.trace.json", "drag.expected.txt", "scene.json"] {
            try copy(packageRoot + "/traces/pan/" + name, root + "/pan/" + name)
        }
        return root
    }

    @Test func linkedFoldersAreFollowedWithoutLooping() throws {
        let root = try tree()
        let elsewhere = temporaryDirectory() + "/knob"
        mkdirs(elsewhere)
        for name in ["quarter-turn.trace.json", "quarter-turn.expected.txt", "scene.json"] {
            try copy(packageRoot + "/traces/knob/" + name, elsewhere + "/" + name)
        }
        symlink(elsewhere, root + "/linked")
        // A loop: a link back to the root.
        symlink(root, root + "/pan/loop")
        let run = touchtrace("verify", root, "--record", "never")
        #expect(run.code == 0 && run.out == "2 passed, 0 failed\n", "\(run.out)\(run.err)")
        let direct = touchtrace("verify", root + "/linked", "--record", "never")
        #expect(direct.code == 0 && direct.out == "1 passed, 0 failed\n")
    }

    @Test func aFIFONamedLikeATraceIsReportedAndNeverOpened() throws {
        let root = try tree()
        let fifo = root + "/pan/stuck.trace.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        // If it were opened for reading, these would wait forever for a writer.
        let verify = touchtrace("verify", root, "--record", "never")
        #expect(verify.code == 1)
        #expect(verify.out == "FAIL \(fifo): is a FIFO (named pipe), not a regular file; not read\n1 passed, 1 failed\n")
        let replay = touchtrace("replay", fifo)
        #expect(replay.code == 2 && replay.err == "\(fifo):1:1: is a FIFO (named pipe), not a regular file; touchtrace reads files (or standard input, given as -)\n")
        #expect(touchtrace("validate", fifo).code == 2)
        #expect(touchtrace("verify", fifo).code == 1)
    }

    @Test func aDanglingLinkNamedLikeATraceFails() throws {
        let root = try tree()
        symlink(root + "/nowhere", root + "/pan/gone.trace.json")
        let run = touchtrace("verify", root, "--record", "never")
        #expect(run.code == 1 && run.out.hasPrefix("FAIL \(root)/pan/gone.trace.json: a symbolic link to nothing; not read\n"))
        #expect(throws: FixtureDiscoveryError.self) { try Fixture.discover([root]) }
    }

    /// Permissions do not stop root: run as root, the unreadable folder is checked by the
    /// process tests, which run the binary as another user.
    @Test func aFolderThatCannotBeReadIsNamed() throws {
        let root = try tree()
        let survey = try Fixture.survey([root])
        #expect(survey.skipped.isEmpty && survey.fixtures.count == 1)
        if geteuid() != 0 {
            mkdirs(root + "/locked")
            chmod(root + "/locked", 0)
            defer { chmod(root + "/locked", 0o755) }
            let run = touchtrace("verify", root, "--record", "never")
            #expect(run.code == 1 && run.out.hasPrefix("FAIL \(root)/locked: folder cannot be read (permission denied); its fixtures were skipped\n"))
        }
    }
}
