#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TouchTrace

enum DiffCommand {
    static let command = Command(
        name: "diff",
        summary: "Replay a trace and compare it with an expected transcript",
        usage: "diff TRACE EXPECTED [--scene FILE] [--tolerance N]",
        discussion: """
        Replays TRACE to a text transcript and compares it with EXPECTED record by record:
        numbers within the tolerance are equal, everything else must match exactly. Prints a
        unified diff naming the trace and both files when they differ. The replay and the
        comparison are verify's own. An EXPECTED file with CRLF line ends or a UTF-8 byte order
        mark is read as if it had LF line ends and no mark.
        Exit code: 0 the same, 1 different, 2 a usage error or a file that cannot be read.
        """,
        options: [
            .scene,
            OptionSpec(name: "tolerance", value: "N", help: "Largest difference between equal numbers (default 0.0001, the last printed decimal)"),
        ],
        examples: [
            ("diff traces/pan/drag.trace.json traces/pan/drag.expected.txt", "Show how a replay differs from its expected transcript."),
            ("diff my.trace.json my.expected.txt --tolerance 0.01", "Accept numbers that differ by up to 0.01."),
        ],
        run: run)

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard args.positionals.count == 2 else {
            console.printError(CommandLineTool.usageMessage(command, "expected TRACE and EXPECTED, got \(args.positionals.count) argument\(args.positionals.count == 1 ? "" : "s")"))
            return .usage
        }
        let tolerance: Double
        do { tolerance = try args.tolerance() } catch {
            console.printError(CommandLineTool.usageMessage(command, error.message))
            return .usage
        }
        let (tracePath, expectedPath) = (args.positionals[0], args.positionals[1])
        let sceneFile = args.value("scene")
        if tracePath != "-" && expectedPath != "-" && sameFile(tracePath, expectedPath) {
            console.printError(CommandLineTool.usageMessage(command, "TRACE and EXPECTED are the same file (\(printable(tracePath))); EXPECTED is the transcript to compare with, NAME.expected.txt beside the trace"))
            return .usage
        }
        if startsLikeTranscript(tracePath) && !startsLikeTranscript(expectedPath) {
            console.printError(CommandLineTool.usageMessage(command, "the arguments look swapped: \(printable(tracePath)) is a transcript, not a trace; the trace comes first: touchtrace diff \(shellWord(expectedPath)) \(shellWord(tracePath))"))
            return .usage
        }
        // Replayed and compared exactly as `verify` does: one path.
        let replay: Verifier.Replay
        do {
            replay = try Verifier.replay(tracePath: tracePath, sceneFile: sceneFile)
        } catch {
            console.report(error)
            return .usage
        }
        printWarnings(trace: replay.trace, scene: replay.scene, sceneFile: sceneFile, console: console)
        if let warning = replay.missedTouches { console.printError(warning) }
        let trace = replay.trace
        // A command that makes the expected file, when following it cannot destroy an input.
        var hint = ""
        if (try? OutputSafety.check(expectedPath, option: "--output", inputs: ReplayCommand.inputs(tracePath: tracePath, sceneFile: sceneFile))) != nil,
           expectedPath != "-", tracePath != "-" {
            hint = "; make one with: touchtrace replay \(shellWord(tracePath))\(sceneFile.map { " --scene " + shellWord($0) } ?? "") --output \(shellWord(expectedPath))"
        }
        if OutputSafety.isDirectory(expectedPath) {
            console.printError("\(printable(expectedPath)):1:1: is a directory, not an expected transcript (give the NAME.expected.txt file)")
            return .usage
        }
        let expected: [UInt8]
        do {
            expected = try SourceFile.read(path: expectedPath).bytes
        } catch {
            console.printError(printable(error.description) + (OutputSafety.exists(expectedPath) ? "" : hint))
            return .usage
        }
        let header = TranscriptFormat.textHeader(version: trace.header.version)
        // The first line only (after a byte order mark): the whole file is compared below.
        guard Verifier.normalizedText(Array(expected.prefix(header.utf8.count + 3))).starts(with: Array(header.utf8)) else {
            console.printError("\(printable(expectedPath)):1:1: not a text transcript of this trace (its first line must be '\(header)')\(hint)")
            return .usage
        }
        let verifier = Verifier(mode: .never, tolerance: tolerance, registry: args.registry)
        guard let diff = verifier.compare(expected: expected, actual: replay.transcript) else { return .success }
        let title = printable(trace.header.name ?? Fixture(tracePath: tracePath).name)
        let paint = Paint(enabled: console.colorsOutput)
        var text = diff.unified(oldLabel: "\(printable(expectedPath))\t(expected)", newLabel: "\(printable(tracePath))\t(replayed)", title: title)
        text.removeLast()
        let written = console.writeResult("\(title): the replay of \(printable(tracePath)) differs from \(printable(expectedPath)) (\(diff.changeCount) line\(diff.changeCount == 1 ? "" : "s"))\n" + paint.diff(text), command: command.name)
        return written == .success ? .failure : written
    }

    /// Whether two paths name the same file (device and inode).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// Whether the file at `path` begins as a text transcript does (`# touchtrace transcript`),
    /// judged on its first bytes only; false for anything that cannot be read without waiting.
    /// Only a regular file is opened: a FIFO opened and closed here would take its writer from
    /// the reader that follows, whose open would then wait for ever.
    static func startsLikeTranscript(_ path: String) -> Bool {
        guard path != "-" else { return false }
        var named = stat()
        guard stat(path, &named) == 0, (named.st_mode & S_IFMT) == S_IFREG else { return false }
        guard let file = ReadableFile(regularFileAt: path) else { return false }
        let prefix = Array("# touchtrace transcript".utf8)
        guard let bytes = file.firstBytes(upTo: prefix.count + 3), !bytes.isEmpty else { return false }
        return Verifier.normalizedText(bytes).starts(with: prefix)
    }
}
