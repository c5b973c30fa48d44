#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
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

    @Test func aFIFONamedLikeATraceIsReportedAndNeverOpenedByVerify() throws {
        let root = try tree()
        let fifo = root + "/pan/stuck.trace.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        // If verify opened it for reading, it would wait forever for a writer.
        let verify = touchtrace("verify", root, "--record", "never")
        #expect(verify.code == 1)
        #expect(verify.out == "FAIL \(fifo): is a FIFO (named pipe), not a regular file; not read\n1 passed, 1 failed\n")
        #expect(touchtrace("verify", fifo).code == 1)
    }

    /// A FIFO given by its path is read as a stream, as `-` is (`import ... | touchtrace replay
    /// /dev/stdin`): replay, validate and render read what a writer puts in it (diff through a
    /// pipe: ProcessTests), and
    /// messages name it with the line and column of the file.
    @Test func aFIFOGivenByItsPathIsReadAsAStream() throws {
        let root = try tree()
        let trace = root + "/pan/drag.trace.json"
        let fifo = root + "/pan/piped.trace.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let bytes = try SourceFile.read(path: trace).bytes
        let scene = ["--scene", root + "/pan/scene.json"]
        func throughFIFO(_ content: [UInt8], _ arguments: [String]) -> Run {
            // The writer's open waits for the reader's, as a shell's would. (Close-on-exec: a
            // process another test starts meanwhile must not hold the FIFO open.)
            let writer = Thread {
                var fd: Int32
                // (Made again when a signal interrupts the wait.)
                repeat { fd = open(fifo, O_WRONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
                precondition(fd >= 0, "the FIFO could not be opened for writing")
                content.withUnsafeBytes { _ = write(fd, $0.baseAddress!, $0.count) }
                close(fd)
            }
            writer.start()
            return touchtrace(arguments)
        }
        let byPath = touchtrace(["replay", trace] + scene)
        let replay = throughFIFO(bytes, ["replay", fifo] + scene)
        #expect(replay.code == 0 && replay.out == byPath.out && !byPath.out.isEmpty, "\(replay.err)")
        #expect(throughFIFO(bytes, ["validate", fifo]).code == 0)
        let render = throughFIFO(bytes, ["render", fifo] + scene)
        #expect(render.code == 0 && render.out == touchtrace(["render", trace] + scene).out)
        // Malformed: the same line and column as in a file, under the FIFO's path.
        let broken = Array("{\"version\": 1,\n  \"events\": [}".utf8)
        let bad = throughFIFO(broken, ["replay", fifo])
        #expect(bad.code == 2 && bad.err.hasPrefix("\(fifo):2:14: "), "\(bad.err)")
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
