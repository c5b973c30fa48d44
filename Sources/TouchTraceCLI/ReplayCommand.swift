import TouchTrace

enum ReplayCommand {
    static let command = Command(
        name: "replay",
        summary: "Replay a trace and print its transcript",
        usage: "replay TRACE [--scene FILE] [--format text|jsonl] [--output FILE]",
        discussion: """
        Feeds the touches of TRACE through the views, recognizers and controls of its scene and
        prints every state change and control value, one record per line.
        The scene is the trace's "scene" key, else scene.json beside the trace, else --scene FILE,
        else the default scene (a knob, pan, checkmark and spots covering the screen).
        Problems in the trace are reported as PATH:LINE:COLUMN: message, with exit code 2 and no
        output. Touches still down at the end are cancelled, with a warning on stderr.
        """,
        options: [
            OptionSpec(name: "scene", value: "FILE", help: "Scene to use when the trace has none and no scene.json is beside it"),
            OptionSpec(name: "format", value: "FORMAT", help: "text (default: fixed decimals, for expected files) or jsonl (JSON Lines)"),
            OptionSpec(name: "output", value: "FILE", help: "Write the transcript to FILE (atomically) instead of stdout"),
        ],
        examples: [
            ("replay traces/knob/quarter-turn.trace.json", "Print the knob's transcript."),
            ("replay traces/pan/fling.trace.json --format jsonl", "JSON Lines, for other programs."),
            ("replay my.trace.json --scene traces/counter/scene.json --output my.expected.txt", "Use a scene file and write the transcript to a file."),
        ],
        run: run)

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard args.positionals.count == 1 else {
            let message = args.positionals.isEmpty ? "missing TRACE" : "expected one TRACE, got \(args.positionals.count) arguments"
            console.printError(CommandLineTool.usageMessage(command, message))
            return .usage
        }
        var format = TranscriptFormat.text
        if let name = args.value("format") {
            guard let f = TranscriptFormat(rawValue: name) else {
                console.printError(CommandLineTool.usageMessage(command, "unknown format '\(name)' (text or jsonl)"))
                return .usage
            }
            format = f
        }
        let loaded: (trace: Trace, scene: Scene)
        switch loadTraceAndScene(args.positionals[0], sceneFile: args.value("scene"), console: console) {
        case .success(let value): loaded = value
        case .failure(let code): return code
        }
        let output: ByteOutput
        var file: AtomicFile?
        if let path = args.value("output") {
            do {
                file = try AtomicFile(path: path)
            } catch {
                console.printError("touchtrace replay: \(error)")
                return .usage
            }
            output = file!
        } else {
            output = console.out
        }
        let writer = TranscriptWriter(format: format, sources: Replayer(scene: loaded.scene, sink: RecordCollector()).sources, output: output,
                                      version: loaded.trace.header.version)
        // Replaying on this thread, formatting and writing on another.
        let pipeline = PipelinedWriter(writer)
        Replayer.replay(loaded.trace, scene: loaded.scene, into: pipeline)
        do {
            try pipeline.finish()
            try file?.commit()
        } catch let error as OutputError where error.isBrokenPipe {
            // Whoever read the transcript has stopped reading (`| head`): nothing went wrong.
            return .success
        } catch {
            file?.abort()
            console.printError("touchtrace replay: \(error)")
            return .usage
        }
        return .success
    }
}

/// Reads a trace and its scene, printing problems and warnings; the exit code on failure.
func loadTraceAndScene(_ path: String, sceneFile: String?, console: Console) -> Result<(trace: Trace, scene: Scene), ExitCode> {
    let trace: Trace
    do {
        trace = try Trace.read(path: path)
    } catch {
        console.report(error)
        return .failure(.usage)
    }
    let scene: Scene
    do {
        scene = try Scene.resolve(for: trace, sceneFile: sceneFile)
    } catch {
        console.report(error)
        return .failure(.usage)
    }
    if let sceneFile, scene.origin != sceneFile {
        console.printError("note: --scene \(sceneFile) is not used: the scene is \(scene.origin)")
    }
    for warning in trace.summary.warnings { console.printError(warning.description) }
    return .success((trace, scene))
}

extension ExitCode: Error {}
