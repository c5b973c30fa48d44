import TouchTrace

enum ReplayCommand {
    static let command = Command(
        name: "replay",
        summary: "Replay a trace and print its transcript",
        usage: "replay TRACE [--scene FILE] [--format text|jsonl] [--output FILE] [--arena-log]",
        discussion: """
        Feeds the touches of TRACE through the views, recognizers and controls of its scene and
        prints every state change and control value, one record per line.
        The scene is --scene FILE when given (what you type wins), else the trace's "scene" key,
        else scene.json beside the trace, else the default scene (a knob, pan, checkmark and
        spots covering the screen).
        TRACE - reads standard input, as does a pipe given by its path (/dev/stdin): with no
        scene.json beside it, give --scene, else the default scene is used, with a warning. A
        stream of more than 1 MB is kept in a temporary file in $TMPDIR (else /tmp) while it is
        read, so that memory stays flat (for "strokes" too: see docs/trace-format.md). --output -
        writes standard output. An --output that is the trace, a scene or any *.trace.json is
        refused (nothing is written).
        Problems in the trace are reported as PATH:LINE:COLUMN: message, with exit code 2 and no
        output. Touches still down at the end are cancelled, and touches that begin outside every
        view are counted, with a warning on stderr each.
        --arena-log prints on stderr every decision of the arena of a version 2 trace (SPEC 12):
        who wins, who waits for whom, who fails and why, whose win cancels touches for controls.
        Exit code: 0 written, 2 a usage error or a bad trace or scene, 74 the output could not be
        written.
        """,
        options: [
            .scene,
            OptionSpec(name: "format", value: "FORMAT", help: "text (default: fixed decimals, for expected files) or jsonl (JSON Lines)"),
            OptionSpec(name: "output", value: "FILE", help: "Write the transcript to FILE (atomically) instead of stdout (- is stdout)"),
            OptionSpec(name: "arena-log", value: nil, help: "Print each decision of the arena (version 2) with its reason on stderr"),
        ],
        examples: [
            ("replay traces/knob/quarter-turn.trace.json", "Print the knob's transcript."),
            ("replay traces/pan/fling-diagonal.trace.json --format jsonl", "JSON Lines, for other programs."),
            ("replay - --scene traces/knob/scene.json < traces/knob/quarter-turn.trace.json",
             "Read the trace from standard input; its scene is given, as no scene.json is beside it."),
            ("replay my.trace.json --scene traces/counter/scene.json --output my.expected.txt", "Use a scene file and write the transcript to a file."),
            ("replay traces/pan-waits-for-double-tap/short-drag.trace.json --arena-log", "Show why each recognizer won, waited or failed."),
        ],
        run: run)

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard let tracePath = args.oneTrace(of: command, console) else { return .usage }
        let sceneFile = args.value("scene")
        let format: TranscriptFormat
        do {
            format = try args.format()
            if let path = args.value("output") {
                try OutputSafety.check(path, option: "--output", inputs: inputs(tracePath: tracePath, sceneFile: sceneFile))
            }
        } catch {
            console.printError(CommandLineTool.usageMessage(command, error.message))
            return .usage
        }
        let loaded: (trace: Trace, scene: Scene)
        switch loadTraceAndScene(tracePath, sceneFile: sceneFile, console: console, registry: args.registry) {
        case .success(let value): loaded = value
        case .failure(let code): return code
        }
        let output: ByteOutput
        var file: AtomicFile?
        if let path = args.value("output"), path != "-" {
            do {
                file = try AtomicFile(path: path)
            } catch {
                console.printError("touchtrace replay: \(error)")
                return .outputFailed
            }
            output = file!
        } else {
            output = console.out
        }
        let writer = TranscriptWriter(format: format, sources: loaded.scene.sources, output: output,
                                      version: loaded.trace.header.version)
        // Replaying on this thread, formatting and writing on another.
        let pipeline = PipelinedWriter(writer)
        var replayer = Replayer(scene: loaded.scene, sink: pipeline)
        if args.flag("arena-log") { replayer.logArenaDecisions { console.printError($0.description) } }
        replayer.consumeEvents(of: loaded.trace)
        replayer.finish()
        do {
            try pipeline.finish()
            try file?.commit()
        } catch let error as OutputError where error.isBrokenPipe {
            // Whoever read the transcript has stopped reading (`| head`): nothing went wrong.
            return .success
        } catch {
            file?.abort()
            // Name the output: a write error of the stream itself does not.
            let text = "\(error)"
            let path = args.value("output") ?? "standard output"
            console.printError("touchtrace replay: " + (text.contains(path) ? text : "\(printable(path)): \(text)"))
            return .outputFailed
        }
        if let warning = replayer.missedTouchesWarning(in: loaded.trace) { console.printError(warning) }
        return .success
    }

    /// The files a replay of `tracePath` reads: the trace, the --scene file and the scene.json
    /// beside the trace.
    static func inputs(tracePath: String, sceneFile: String?) -> [String] {
        var inputs = [tracePath]
        if let sceneFile { inputs.append(sceneFile) }
        if tracePath != "-" { inputs.append(Scene.besidePath(of: tracePath)) }
        return inputs
    }
}

/// Reads a trace and its scene, printing problems and warnings; the exit code on failure.
func loadTraceAndScene(_ path: String, sceneFile: String?, console: Console, registry: Registry = .standard,
                       options: TraceReadOptions = TraceReadOptions()) -> Result<(trace: Trace, scene: Scene), ExitCode> {
    let trace: Trace
    do {
        trace = try Trace.read(path: path, options: options)
    } catch {
        console.report(error)
        return .failure(.usage)
    }
    let scene: Scene
    do {
        scene = try Scene.resolve(for: trace, sceneFile: sceneFile, options: options, registry: registry)
    } catch {
        console.report(error)
        return .failure(.usage)
    }
    printWarnings(trace: trace, scene: scene, sceneFile: sceneFile, console: console)
    return .success((trace, scene))
}

/// Warnings about a trace and the scene it replays through, on stderr.
func printWarnings(trace: Trace, scene: Scene, sceneFile: String?, console: Console) {
    for warning in trace.summary.warnings { console.printError(warning.description) }
    for warning in scene.warnings { console.printError(warning.description) }
    if sceneFile == nil && trace.header.scene == nil && trace.path == SourceFile.standardInputPath {
        // No folder to find a scene.json in: say which scene is used, rather than replay the
        // default one in silence.
        console.printError("\(trace.path):1:1: warning: the trace names no scene and standard input has no folder with a scene.json: replayed through the default scene (a knob, pan, checkmark and spots covering the screen); give --scene FILE for another")
    }
    if sceneFile == nil && trace.header.scene == nil && trace.path != SourceFile.standardInputPath,
       let misnamed = Scene.misnamedSceneFile(besideTrace: trace.path) {
        console.printError("\(printable(misnamed)): warning: not read: the scene beside a trace must be named scene.json exactly (this file system may ignore case, others do not); rename it")
    }
}

extension ExitCode: Error {}
