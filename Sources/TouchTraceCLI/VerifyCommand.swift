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
        one; failed rewrites those that differ; never writes nothing and counts a missing file as a
        failure. When the environment variable CI is set, the default is never. Files are written
        atomically. Read every recorded file against the spec before you commit it.
        Expected files whose trace is gone are reported as obsolete (a failure when CI is set to
        anything but empty, 0 or false); --prune deletes them. --artifacts DIR writes the actual
        transcript of each failed fixture to DIR, at its expected file's path (copy DIR over the
        checkout to accept them). Under GitHub Actions (GITHUB_ACTIONS=true) each failure is also
        printed as an ::error annotation on the first differing line of its expected file.
        --report FILE.html writes one self-contained page: failed fixtures first, each with its
        picture, its diff and both paths, then the passed ones, folded.
        Ends with: N passed, N failed (and N recorded when it wrote files, N obsolete, N pruned).
        Exit code: 0 no failures, 1 a failed fixture (or an obsolete file under CI), 2 a usage
        error, 74 a report or artifact that cannot be written.
        """,
        options: [
            OptionSpec(name: "record", value: "MODE", help: "missing (default; never when CI is set), all, failed or never"),
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
        var fixtures: [Fixture]
        do {
            fixtures = try Fixture.discover(paths)
        } catch {
            console.printError("touchtrace verify: \(error.message)")
            return .usage
        }
        if fixtures.isEmpty {
            console.printError("touchtrace verify: no fixtures (*\(Fixture.traceSuffix)) under \(paths.joined(separator: ", "))")
            return .usage
        }
        let allFixtures = fixtures
        if let shard = settings.shard {
            fixtures = Fixture.shard(fixtures, index: shard.index, count: shard.count)
        }
        if let problem = goldenUsageProblem(args, fixtures: fixtures) {
            console.printError(CommandLineTool.usageMessage(command, problem))
            return .usage
        }

        let verifier = Verifier(mode: settings.mode, tolerance: settings.tolerance)
        let showProgress = console.stderrIsTerminal && fixtures.count >= 200
        let total = fixtures.count
        let step = max(1, total / 100)
        let progress: @Sendable (Int) -> Void = { done in
            if done % step == 0 || done == total { console.writeError("\rverifying \(done)/\(total)") }
        }
        let results = verifier.verify(fixtures, jobs: settings.jobs, progress: showProgress ? progress : nil)
        if showProgress { console.writeError("\r\u{1B}[K") }

        let paint = Paint(enabled: console.colorsOutput)
        var passed = 0, failed = 0, recorded = 0
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
                return .usage
            }
        }
        let golden = finishGolden(args, paths: paths, shard: settings.shard, allFixtures: allFixtures, results: results,
                                  comparison: verifier.comparison, console: console)
        var summary = "\(passed) passed, \(failed) failed"
        if recorded > 0 { summary += ", \(recorded) recorded" }
        summary += golden.summary
        let failing = failed > 0 || golden.failed
        console.print(failing ? paint.red(summary) : summary)
        if let code = golden.exitCode { return code }
        return failing ? .failure : .success
    }

    static func read(_ args: ParsedArguments, environment: [String: String]) throws(UsageError)
        -> (mode: RecordMode, jobs: Int, tolerance: Double, shard: (index: Int, count: Int)?)
    {
        var mode: RecordMode = environment["CI"] != nil ? .never : .missing
        if let text = args.value("record") {
            guard let m = RecordMode(rawValue: text) else {
                throw UsageError(message: "unknown record mode '\(text)' (missing, all, failed or never)")
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
