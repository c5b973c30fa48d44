import TouchTrace

enum ValidateCommand {
    static let command = Command(
        name: "validate",
        summary: "Check traces and their scenes for problems without replaying them",
        usage: "validate TRACE ... [--strict]",
        discussion: """
        Reads each TRACE and its scene and reports every problem found, not just the first, as
        PATH:LINE:COLUMN: message on stderr; a trace without problems gets one line on stdout.
        With --strict, keys touchtrace does not know are reported too (they are otherwise
        ignored, so that newer traces still read).
        Exit code: 0 all valid, 1 only unknown keys (--strict), 2 a malformed or unreadable file.
        """,
        options: [
            OptionSpec(name: "strict", value: nil, help: "Also report unknown keys in traces and scenes"),
        ],
        examples: [
            ("validate traces/**/*.trace.json", "Check every fixture trace."),
            ("validate recording.trace.json --strict", "Also flag keys that touchtrace would ignore."),
        ],
        run: run)

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard !args.positionals.isEmpty else {
            console.printError(CommandLineTool.usageMessage(command, "missing TRACE"))
            return .usage
        }
        let strict = args.flag("strict")
        var worst = ExitCode.success
        for path in args.positionals {
            let code = validate(path, strict: strict, console: console)
            if code == .usage || (code == .failure && worst == .success) { worst = code }
        }
        return worst
    }

    /// Problems in one trace and its scene; the exit code they call for.
    static func validate(_ path: String, strict: Bool, console: Console) -> ExitCode {
        let all = TraceReadOptions(collectAllProblems: true, reportUnknownKeys: false)
        switch check(path, options: all) {
        case .failure(let errors):
            // Malformed: report everything, unknown keys too when asked.
            if strict, case .failure(let strictErrors) = check(path, options: TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true)) {
                console.report(strictErrors)
            } else {
                console.report(errors)
            }
            return .usage
        case .success(let trace):
            if strict, case .failure(let unknown) = check(path, options: TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true)) {
                console.report(unknown)
                return .failure
            }
            for warning in trace.summary.warnings { console.printError(warning.description) }
            let s = trace.summary
            console.print("\(path): ok (\(s.eventCount) event\(s.eventCount == 1 ? "" : "s"), \(s.touchCount) touch\(s.touchCount == 1 ? "" : "es"))")
            return .success
        }
    }

    private static func check(_ path: String, options: TraceReadOptions) -> Result<Trace, TraceErrors> {
        do {
            let trace = try Trace.read(path: path, options: options)
            _ = try Scene.resolve(for: trace, options: options)
            return .success(trace)
        } catch {
            return .failure(error)
        }
    }
}
