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
    /// /dev/stdin`): replay, validate, render, diff and import read what a writer puts in it,
    /// and messages name it with the line and column of the file. Nothing opens the FIFO before
    /// the reader that waits for the writer (an open and close would take the writer's bytes and
    /// leave that reader waiting for ever): each command must finish within a bounded time, or
    /// the test fails and frees it.
    @Test func aFIFOGivenByItsPathIsReadAsAStream() throws {
        let root = try tree()
        let trace = root + "/pan/drag.trace.json"
        let fifo = root + "/pan/piped.trace.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let bytes = try SourceFile.read(path: trace).bytes
        let scene = ["--scene", root + "/pan/scene.json"]
        final class Outcome: @unchecked Sendable {
            let lock = NSLock()
            var run: Run?
        }
        func throughFIFO(_ content: [UInt8], _ arguments: [String]) -> Run {
            // The writer's open waits for the reader's, as a shell's would; it writes its bytes
            // and closes. (Close-on-exec: a process another test starts meanwhile must not hold
            // the FIFO open. SIGPIPE blocked in this thread: a reader gone early gives EPIPE
            // here, not the end of the test process.)
            let writer = Thread {
                var pipeSignal = sigset_t()
                sigemptyset(&pipeSignal)
                sigaddset(&pipeSignal, SIGPIPE)
                pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                var fd: Int32
                // (Made again when a signal interrupts the wait.)
                repeat { fd = open(fifo, O_WRONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
                guard fd >= 0 else { return }
                content.withUnsafeBytes { _ = write(fd, $0.baseAddress!, $0.count) }
                close(fd)
            }
            writer.start()
            let outcome = Outcome()
            let finished = DispatchSemaphore(value: 0)
            let reader = Thread {
                let run = touchtrace(arguments)
                outcome.lock.withLock { outcome.run = run }
                finished.signal()
            }
            reader.start()
            if finished.wait(timeout: .now() + 60) == .timedOut {
                Issue.record("touchtrace \(arguments.joined(separator: " ")) still waits on the FIFO after 60 s")
                // Frees whichever side still waits: a writer for a reader's open (which then
                // reads the end at once), a reader for the writer's.
                for flags in [O_WRONLY | O_NONBLOCK, O_RDONLY | O_NONBLOCK] {
                    let fd = open(fifo, flags)
                    if fd >= 0 { close(fd) }
                }
                _ = finished.wait(timeout: .now() + 60)
            }
            return outcome.lock.withLock { outcome.run } ?? Run(code: -1, out: "", err: "still waiting on the FIFO")
        }
        let byPath = touchtrace(["replay", trace] + scene)
        let replay = throughFIFO(bytes, ["replay", fifo] + scene)
        #expect(replay.code == 0 && replay.out == byPath.out && !byPath.out.isEmpty, "\(replay.err)")
        #expect(throughFIFO(bytes, ["validate", fifo]).code == 0)
        let render = throughFIFO(bytes, ["render", fifo] + scene)
        #expect(render.code == 0 && render.out == touchtrace(["render", trace] + scene).out)
        let diff = throughFIFO(bytes, ["diff", fifo, root + "/pan/drag.expected.txt"] + scene)
        #expect(diff.code == 0, "\(diff.out)\(diff.err)")
        // A different transcript: diff reads the FIFO once and reports the difference.
        let changed = root + "/pan/changed.expected.txt"
        var expected = try SourceFile.read(path: root + "/pan/drag.expected.txt").bytes
        expected.append(contentsOf: Array("extra line\n".utf8))
        try Data(expected).write(to: URL(fileURLWithPath: changed))
        let differs = throughFIFO(bytes, ["diff", fifo, changed] + scene)
        #expect(differs.code == 1 && differs.out.contains("extra line"), "\(differs.out)\(differs.err)")
        // import: a getevent log through the FIFO gives the trace of the log by its path.
        let log = root + "/drag.log"
        #expect(touchtrace(["export", "getevent", trace, "--output", log]).code == 0)
        let imported = touchtrace(["import", "getevent", log])
        let importedThroughFIFO = throughFIFO(try SourceFile.read(path: log).bytes, ["import", "getevent", fifo])
        #expect(imported.code == 0 && importedThroughFIFO.code == 0 && importedThroughFIFO.out == imported.out && !imported.out.isEmpty,
                "\(importedThroughFIFO.err)")
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
