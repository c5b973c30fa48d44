import TouchTrace

enum DiffCommand {
    static let command = Command(
        name: "diff",
        summary: "Replay a trace and compare it with an expected transcript",
        usage: "diff TRACE EXPECTED [--scene FILE] [--tolerance N]",
        discussion: """
        Replays TRACE to a text transcript and compares it with EXPECTED record by record:
        numbers within the tolerance are equal, everything else must match exactly. Prints a
        unified diff naming the trace and both files when they differ.
        Exit code: 0 the same, 1 different, 2 a usage error or a file that cannot be read.
        """,
        options: [
            OptionSpec(name: "scene", value: "FILE", help: "Scene to use when the trace has none and no scene.json is beside it"),
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
        let loaded: (trace: Trace, scene: Scene)
        switch loadTraceAndScene(tracePath, sceneFile: args.value("scene"), console: console) {
        case .success(let value): loaded = value
        case .failure(let code): return code
        }
        let expected: String
        do {
            let file = try SourceFile.read(path: expectedPath)
            expected = file.withBytes { String(decoding: $0, as: UTF8.self) }
        } catch {
            console.printError(error.description)
            return .usage
        }
        let header = TranscriptFormat.textHeader(version: loaded.trace.header.version)
        guard expected.hasPrefix(header) else {
            console.printError("\(expectedPath):1:1: not a text transcript of this trace (its first line must be '\(header)'); make one with: touchtrace replay \(tracePath) --output \(expectedPath)")
            return .usage
        }
        let output = MemoryOutput()
        let writer = TranscriptWriter(format: .text, sources: Replayer(scene: loaded.scene, sink: RecordCollector()).sources, output: output,
                                      version: loaded.trace.header.version)
        Replayer.replay(loaded.trace, scene: loaded.scene, into: writer)
        try? writer.finish()
        let comparison = TranscriptComparison(tolerance: tolerance)
        guard let diff = comparison.compare(expected: expected, actual: output.text) else { return .success }
        let title = loaded.trace.header.name ?? Fixture(tracePath: tracePath).name
        let paint = Paint(enabled: console.colorsOutput)
        console.print("\(title): the replay of \(tracePath) differs from \(expectedPath) (\(diff.changeCount) line\(diff.changeCount == 1 ? "" : "s"))")
        var text = diff.unified(oldLabel: "\(expectedPath)\t(expected)", newLabel: "\(tracePath)\t(replayed)", title: title)
        text.removeLast()
        console.print(paint.diff(text))
        return .failure
    }
}
