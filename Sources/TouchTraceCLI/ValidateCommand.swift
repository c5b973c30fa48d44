import TouchTrace

enum ValidateCommand {
    static let command = Command(
        name: "validate",
        summary: "Check traces and scenes for problems without replaying them",
        usage: "validate [TRACE ...] [--scene FILE] [--strict]",
        discussion: """
        Reads each TRACE and its scene and reports every problem found, not just the first, as
        PATH:LINE:COLUMN: message on stderr; a file without problems gets one line on stdout.
        A scene file is checked on its own: a file whose name ends in scene.json, or any other
        file (not *.trace.json) that holds {"views": [...]} and no "version"; so is --scene FILE
        when no TRACE is given. With a TRACE, --scene FILE is the scene the trace is checked with
        (as replay would use it).
        Keys touchtrace does not know are read past with a warning on stderr; with --strict they
        are errors (so that newer files still read, but a typo does not pass a strict check).
        Exit code: 0 all valid, 2 a malformed, invalid or unreadable file (unknown keys too with
        --strict).
        """,
        options: [
            OptionSpec(name: "scene", value: "FILE", help: "The scene to check the traces with, or to check alone"),
            OptionSpec(name: "strict", value: nil, help: "Also report unknown keys in traces and scenes as errors"),
        ],
        examples: [
            ("validate traces/pan/drag.trace.json traces/knob/*.trace.json", "Check fixture traces."),
            ("validate recording.trace.json --strict", "Also flag keys that touchtrace would ignore."),
            ("validate traces/counter/scene.json", "Check a scene file on its own."),
            ("validate --scene my-scene.json", "The same, for a scene file of any name."),
        ],
        run: run)

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        let sceneFile = args.value("scene")
        guard !args.positionals.isEmpty || sceneFile != nil else {
            console.printError(CommandLineTool.usageMessage(command, "missing TRACE (or --scene FILE to check a scene alone)"))
            return .usage
        }
        let strict = args.flag("strict")
        var worst = ExitCode.success
        if args.positionals.isEmpty, let sceneFile {
            return validateScene(sceneFile, strict: strict, registry: args.registry, console: console)
        }
        for path in args.positionals {
            let code = isSceneFileName(path) ? validateScene(path, strict: strict, registry: args.registry, console: console)
                                             : validate(path, sceneFile: sceneFile, strict: strict, registry: args.registry, console: console)
            if code == .usage || (code == .failure && worst == .success) { worst = code }
        }
        return worst
    }

    /// Whether a path is a scene file: its name ends in `scene.json` (any case), or, for a name
    /// that does not end in `.trace.json`, its content is a scene (`{"views": [...]}`, no
    /// `version`). A stream (`-`, `/dev/stdin`) is read once, as a trace.
    static func isSceneFileName(_ path: String) -> Bool {
        let name = String(path.split(separator: "/").last ?? "").lowercased()
        if name.hasSuffix("scene.json") { return true }
        return !name.hasSuffix(Fixture.traceSuffix) && !SourceFile.isStream(path: path) && SceneReader.holdsScene(path: path)
    }

    /// Problems in a scene file on its own, read as for a version 2 trace (a version 1 trace
    /// that uses it is told what it may not use when it is validated).
    static func validateScene(_ path: String, strict: Bool, registry: Registry, console: Console) -> ExitCode {
        do {
            let scene = try SceneReader.read(path: path, version: 2, options: TraceReadOptions(collectAllProblems: true, reportUnknownKeys: strict),
                                             registry: registry)
            for warning in scene.warnings { console.printError(warning.description) }
            let views = scene.views.count
            console.print("\(printable(path)): ok (a scene of \(views) view\(views == 1 ? "" : "s"))")
            return .success
        } catch {
            console.report(error)
            return .usage
        }
    }

    /// Problems in one trace and its scene; the exit code they call for.
    static func validate(_ path: String, sceneFile: String?, strict: Bool, registry: Registry, console: Console) -> ExitCode {
        let options = TraceReadOptions(collectAllProblems: true, reportUnknownKeys: strict)
        let source: SourceFile
        do {
            source = try SourceFile.read(path: path)
        } catch {
            console.printError(error.description)
            return .usage
        }
        let trace: Trace
        do {
            trace = try Trace.parse(source, options: options)
        } catch {
            console.report(error)
            // The scene's problems too: fixing the trace's first must not be what shows them.
            for problem in Scene.problems(forUnreadTrace: source, sceneFile: sceneFile, options: options, registry: registry) {
                console.printError(problem.description)
            }
            return .usage
        }
        let scene: Scene
        do {
            scene = try Scene.resolve(for: trace, sceneFile: sceneFile, options: options, registry: registry)
        } catch {
            // The trace's own warnings (unknown keys, touches left down) with the scene's problems.
            for warning in trace.summary.warnings { console.printError(warning.description) }
            console.report(error)
            return .usage
        }
        printWarnings(trace: trace, scene: scene, sceneFile: sceneFile, console: console)
        let s = trace.summary
        console.print("\(printable(path)): ok (\(s.eventCount) event\(s.eventCount == 1 ? "" : "s"), \(s.touchCount) touch\(s.touchCount == 1 ? "" : "es"))")
        return .success
    }
}
