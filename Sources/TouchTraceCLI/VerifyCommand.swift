import TouchTrace

enum VerifyCommand {
    static let command = Command(
        name: "verify",
        summary: "Replay every fixture under folders and compare with its expected file",
        usage: "verify [PATH ...] [--record missing|all|failed|never] [--jobs N] [--junit FILE] [--shard I/N] [--tolerance N] [--prune] [--artifacts DIR] [--report FILE.html]",
        discussion: """
        Finds every NAME.trace.json under the paths (default: traces/), replays it with its scene
        and compares the transcript with NAME.expected.txt beside it. Fixtures run in parallel and
        report in path order; a broken fixture is one failure and the rest still run.
        Record modes: missing (default) writes expected files that do not exist; all rewrites every
        one whose bytes would change; failed rewrites those that differ; never writes nothing and
        counts a missing file as a failure. The environment variable TOUCHTRACE_RECORD sets the
        mode as --record does; else, when CI is set (to anything but empty, 0 or false), the
        default is never. Files are written atomically. Read every recorded file against the spec
        before you commit it. Expected files with CRLF line ends or a UTF-8 byte order mark are
        read as if they had LF line ends and no mark.
        Folders linked to are followed. A folder that cannot be read, or a *.trace.json that is
        not a regular file (a FIFO, a dangling link), is a failure named in the output.
        A --junit file that is a fixture, an expected file or a scene is refused.
        Expected files whose trace is gone are reported as obsolete (a failure when CI is set to
        anything but empty, 0 or false); --prune deletes them. --artifacts DIR writes the actual
        transcript of each failed fixture to DIR, at its expected file's path (copy DIR over the
        checkout to accept them). Under GitHub Actions (GITHUB_ACTIONS=true) each failure is also
        printed as an ::error annotation on the first differing line of its expected file.
        --report FILE.html writes one self-contained page: failed fixtures first, each with its
        picture, its diff and both paths, then the passed ones, folded.
        Ends with: N passed, N failed (and N recorded when it wrote files, N obsolete, N pruned).
        Exit code: 0 no failures, 1 a failed fixture (or an obsolete file under CI), 2 a usage
        error, 74 the --junit file, a report or an artifact that could not be written.
        """,
        options: [
            OptionSpec(name: "record", value: "MODE", help: "missing (default; never when CI is set), all, failed or never (also TOUCHTRACE_RECORD)"),
            OptionSpec(name: "jobs", value: "N", help: "Fixtures replayed at once (default: the number of cores)"),
            OptionSpec(name: "junit", value: "FILE", help: "Also write a JUnit XML report (one testcase per fixture)"),
            OptionSpec(name: "shard", value: "I/N", help: "Run only the I-th of N deterministic parts (for CI matrices)"),
            OptionSpec(name: "tolerance", value: "N", help: "Largest difference between equal numbers (default 0.0001)"),
        ] + goldenOptions,
        examples: [
            ("verify", "Verify every fixture under traces/, recording missing expected files."),
            ("verify traces/knob --record failed", "Rewrite the knob fixtures whose transcripts changed."),
            ("verify --record never --junit report.xml --shard 2/4", "What a CI job runs: part 2 of 4, with a JUnit report."),
            ("verify --report verify.html --artifacts actual", "A page to read failures by, and their actual transcripts under actual/."),
            ("verify traces --prune", "Delete expected files whose trace is gone."),
        ],
        run: run)

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        let settings: (mode: RecordMode, jobs: Int, tolerance: Double, shard: (index: Int, count: Int)?)
        do {
            settings = try read(args, environment: console.environment)
        } catch {
            console.printError(CommandLineTool.usageMessage(command, error.message))
            return .usage
        }
        let paths = args.positionals.isEmpty ? ["traces"] : args.positionals
        // Obsolete expected files are searched for from now on, on a thread of its own: first
        // beside the survey of the fixtures, which keeps one core busy, then while they run.
        let obsoleteSearch = ObsoleteSearch(paths: paths)
        var fixtures: [Fixture]
        let skipped: [Fixture.SkippedPath]
        var misnamed: [String]
        do {
            let survey = try Fixture.survey(paths)
            fixtures = survey.fixtures
            skipped = survey.skipped
            misnamed = survey.misnamedScenes
        } catch {
            console.printError("touchtrace verify: \(error.message)")
            return .usage
        }
        if fixtures.isEmpty && skipped.isEmpty {
            console.printError("touchtrace verify: no fixtures (*\(Fixture.traceSuffix)) under \(paths.map(printable).joined(separator: ", "))")
            return .usage
        }
        if let junit = args.value("junit") {
            // Every file verify reads: traces, expected files and the scenes beside them.
            var inputs: [String] = []
            for fixture in fixtures {
                inputs += [fixture.tracePath, fixture.expectedPath, Scene.besidePath(of: fixture.tracePath)]
            }
            do throws(UsageError) {
                if junit == "-" { throw UsageError(message: "--junit - would mix the report with the results on stdout; give a file") }
                try OutputSafety.check(junit, option: "--junit", inputs: inputs)
            } catch {
                console.printError(CommandLineTool.usageMessage(command, error.message))
                return .usage
            }
        }
        if let shard = settings.shard {
            fixtures = Fixture.shard(fixtures, index: shard.index, count: shard.count)
        }
        if let problem = goldenUsageProblem(args, paths: paths, fixtures: fixtures) {
            console.printError(CommandLineTool.usageMessage(command, problem))
            return .usage
        }
        // A trace given by name, not found by walking its folder: its folder is looked at here.
        for path in paths where !OutputSafety.isDirectory(path) {
            if let found = Scene.misnamedSceneFile(besideTrace: path), !misnamed.contains(found) { misnamed.append(found) }
        }
        for path in misnamed {
            console.printError("\(printable(path)): warning: not read: the scene beside a trace must be named scene.json exactly; rename it")
        }

        let verifier = Verifier(mode: settings.mode, tolerance: settings.tolerance, registry: args.registry)
        let showProgress = console.stderrIsTerminal && fixtures.count >= 200
        let total = fixtures.count
        let step = max(1, total / 100)
        let progress: @Sendable (Int) -> Void = { done in
            if done % step == 0 || done == total { console.writeError("\rverifying \(done)/\(total)") }
        }
        let results = verifier.verify(fixtures, jobs: settings.jobs, progress: showProgress ? progress : nil)
        if showProgress { console.writeError("\r\u{1B}[K") }

        // Scene warnings once per scene (every fixture of a folder shares its scene.json).
        var warned: Set<String> = []
        for result in results {
            for warning in result.sceneWarnings where warned.insert(warning.description).inserted {
                console.printError(warning.description)
            }
        }
        let paint = Paint(enabled: console.colorsOutput)
        var passed = 0, failed = 0, recorded = 0
        // A tree that could not be read fully fails, naming what was skipped.
        for part in skipped {
            failed += 1
            console.print(paint.red("FAIL") + " " + part.description)
        }
        for result in results {
            switch result.outcome {
            case .passed: passed += 1
            case .recorded: recorded += 1
            default: failed += 1
            }
            guard var message = result.message else { continue }
            if message.hasSuffix("\n") { message.removeLast() }
            if result.outcome.isFailure {
                console.print(paint.red("FAIL") + " " + paint.diff(message))
            } else {
                console.print(paint.green("RECORDED") + " " + message)
            }
        }
        if let junit = args.value("junit") {
            do {
                try AtomicFile.write(Array(JUnitReport.xml(results).utf8), to: junit)
            } catch {
                console.printError("touchtrace verify: \(error)")
                return .outputFailed
            }
        }
        let golden = finishGolden(args, paths: paths, shard: settings.shard, obsoleteSearch: obsoleteSearch, results: results,
                                  comparison: verifier.comparison, console: console)
        var summary = "\(passed) passed, \(failed) failed"
        if recorded > 0 { summary += ", \(recorded) recorded" }
        summary += golden.summary
        let failing = failed > 0 || golden.failed
        console.print(failing ? paint.red(summary) : summary)
        if let code = golden.exitCode { return code }
        return failing ? .failure : .success
    }

    /// Whether the environment says this is a CI run: `CI` set to anything but empty, `0` or
    /// `false` (any case).
    static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !(value.isEmpty || value == "0" || value.lowercased() == "false")
    }

    static func read(_ args: ParsedArguments, environment: [String: String]) throws(UsageError)
        -> (mode: RecordMode, jobs: Int, tolerance: Double, shard: (index: Int, count: Int)?)
    {
        // --record, else TOUCHTRACE_RECORD, else never on CI, else missing (SPEC 7 and 13.1).
        var mode: RecordMode = isCI(environment) ? .never : .missing
        if let text = args.value("record") {
            guard let m = RecordMode(rawValue: text) else {
                throw UsageError(message: "unknown record mode '\(text)' (missing, all, failed or never)")
            }
            mode = m
        } else if let text = environment["TOUCHTRACE_RECORD"], !text.isEmpty {
            guard let m = RecordMode(rawValue: text) else {
                throw UsageError(message: "the environment variable TOUCHTRACE_RECORD is '\(text)'; it must be missing, all, failed or never")
            }
            mode = m
        }
        let jobs = try args.positiveInteger("jobs", default: Verifier.coreCount)
        let tolerance = try args.tolerance()
        var shard: (Int, Int)?
        if let text = args.value("shard") {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 1, i <= n else {
                throw UsageError(message: "--shard must be I/N with 1 ≤ I ≤ N, like 2/4; found '\(text)'")
            }
            shard = (i, n)
        }
        return (mode, jobs, tolerance, shard)
    }
}
