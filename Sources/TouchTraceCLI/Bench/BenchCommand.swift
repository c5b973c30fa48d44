#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TouchTrace

enum BenchCommand {
    static let command = Command(
        name: "bench",
        summary: "Measure reading, replay and verify speed and memory against baselines",
        usage: "bench [--quick] [--keep DIR]",
        discussion: """
        Generates its inputs deterministically in a temporary folder — a large trace of recorded
        one- and two-finger gestures and a corpus of small fixtures — and measures, side by side
        in one run:
          reading the trace into the model, against Foundation's JSONDecoder on the same bytes
            into Codable structs;
          `touchtrace validate` of a fifth of that size, end to end in a new process (start
            and file reading included), against JSONDecoder on the same file;
          `touchtrace replay --format jsonl` of the trace to /dev/null, end to end in a new
            process, with its peak memory, against Python's orjson merely parsing the same file;
          the peak memory of `touchtrace replay` and `touchtrace validate` of a trace ten times
            as large (1 GB, generated once per run), which must stay as flat as at 100 MB;
          `touchtrace verify` of 10,000 fixtures in a new process (start included), against
            orjson reading the same files;
          `touchtrace replay` of the same kind of trace as a version 2 trace through a scene
            where the arena and deadlines decide.
        The goals (SPEC 9): validate ≥ 60× JSONDecoder; replay ≥ 200 MB/s; verify ≤ 0.15 s;
        peak memory ≤ 64 MB whatever the trace's size.
        The validate, replay and verify commands run three times each, once the files just
        generated are written out (so the disk's write-back does not share the cores): the
        fastest run is judged, and the median is shown beside it.
        Build with `swift build -c release` first: a debug build is many times slower.
        --quick runs a small version in seconds (for CI); its speeds are not judged, only memory.
        """,
        options: [
            OptionSpec(name: "quick", value: nil, help: "Traces of 5 and 50 MB and 500 fixtures instead of 100 MB, 1 GB and 10,000"),
            OptionSpec(name: "keep", value: "DIR", help: "Generate the inputs in DIR and keep them (default: a temporary folder, removed)"),
        ],
        examples: [
            ("bench", "The full benchmark (about two minutes; 1.3 GB of room in the temporary folder)."),
            ("bench --quick", "A smoke test of the benchmark."),
        ],
        run: run)

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        do { try args.expectPositionals(atMost: 0, "") } catch {
            console.printError(CommandLineTool.usageMessage(command, error.message))
            return .usage
        }
        let quick = args.flag("quick")
        let traceBytes = quick ? 5_000_000 : 100_000_000
        // The trace for memory alone: ten times as large, to show memory does not grow with it.
        let hugeBytes = traceBytes * 10
        let fixtureCount = quick ? 500 : 10_000
        #if DEBUG
        console.printError("note: this is a debug build; the figures mean little. Run: swift build -c release && .build/release/touchtrace bench")
        #endif
        let directory: String
        if let keep = args.value("keep") {
            directory = keep
            mkdir(directory, 0o755)
        } else {
            directory = makeTemporaryDirectory()
        }
        defer { if args.value("keep") == nil { removeTree(directory) } }
        let executable = executablePath()

        console.print("touchtrace bench\(quick ? " --quick" : ""): \(Verifier.coreCount) cores; inputs in \(directory)")
        do {
            // 1. The large trace.
            let tracePath = directory + "/large.trace.json"
            let size = try BenchInputs.writeLargeTrace(to: tracePath, bytes: traceBytes, seed: 1)
            let megabytes = Double(size) / 1_000_000

            // 2. Replay end to end, in a new process, to /dev/null. First, while this process is
            // small: a spawned child counts its parent's memory in its peak until it execs.
            console.print("generated \(mb(size)) trace; replaying it…")
            let replay = try spawnRuns(executable, ["replay", tracePath, "--format", "jsonl"], what: "replay")
            let orjson = pythonOrjson(parse: tracePath)

            // The same kind of trace in version 2, through a scene where the arena and deadlines
            // decide (no goal of its own: it shows what they cost beside the version 1 replay).
            let arenaPath = directory + "/arena.trace.json"
            let arenaSize = try BenchInputs.writeLargeTrace(to: arenaPath, bytes: traceBytes, seed: 1, arena: true)
            console.print("replaying it as a version 2 trace with the arena…")
            let arenaReplay = try spawn(executable, ["replay", arenaPath, "--format", "jsonl"])
            guard arenaReplay.status == 0 else { throw BenchFailure("replay of the version 2 trace exited with \(arenaReplay.status)") }

            // Memory must not grow with the trace: replay and validate one ten times as large,
            // still before this process holds anything large.
            let hugePath = directory + "/huge.trace.json"
            let hugeSize = try BenchInputs.writeLargeTrace(to: hugePath, bytes: hugeBytes, seed: 4)
            console.print("replaying and validating a \(mb(hugeSize)) trace…")
            let hugeReplay = try spawn(executable, ["replay", hugePath, "--format", "jsonl"])
            guard hugeReplay.status == 0 else { throw BenchFailure("replay of the \(mb(hugeSize)) trace exited with \(hugeReplay.status)") }
            let hugeValidate = try spawn(executable, ["validate", hugePath])
            guard hugeValidate.status == 0 else { throw BenchFailure("validate of the \(mb(hugeSize)) trace exited with \(hugeValidate.status)") }

            console.print("reading it…")
            let source = try SourceFile.read(path: tracePath)
            var store = EventStore()
            let readTime = bestOf(3) {
                store = EventStore()
                _ = try? Trace.parse(source, consumer: &store)
            }
            let events = store.eventCount
            let decoderTime = try measureJSONDecoder(tracePath)

            // The stages of a replay, in this process (for finding where time goes).
            let trace = try Trace.parse(source)
            let scene = Scene.defaultScene(width: trace.screen.width, height: trace.screen.height)
            let recordCount = RecordCounter()
            let replayOnly = bestOf(1) { Replayer.replay(trace, scene: scene, into: recordCount) }

            // 3. Validate of a smaller trace, in a new process, against JSONDecoder on it.
            let smallPath = directory + "/small.trace.json"
            let smallSize = try BenchInputs.writeLargeTrace(to: smallPath, bytes: traceBytes / 5, seed: 3)
            console.print("validating a \(mb(smallSize)) trace…")
            let validate = try spawnRuns(executable, ["validate", smallPath], what: "validate")
            let smallDecoderTime = try measureJSONDecoder(smallPath)

            // 4. Verify of the fixture corpus, in a new process.
            console.print("generating \(fixtureCount) fixtures…")
            let fixtures = directory + "/fixtures"
            mkdir(fixtures, 0o755)
            let fixtureBytes = try BenchInputs.writeFixtures(in: fixtures, count: fixtureCount, seed: 2)
            let verify = try spawnRuns(executable, ["verify", fixtures, "--record", "never"], what: "verify")
            let orjsonFixtures = pythonOrjson(readAll: fixtures)

            // The table.
            let readRate = megabytes / readTime
            let decoderRate = megabytes / decoderTime
            let replayRate = megabytes / replay.seconds
            // Peak resident memory, whatever the size of the trace.
            let memoryLimit = 64_000_000
            // Speeds of small inputs are dominated by fixed costs: judged on the full run only.
            func speedVerdict(_ ok: Bool) -> String { quick ? "-" : verdict(ok) }
            var rows: [[String]] = [["figure", "touchtrace", "baseline", "ratio", "goal", ""]]
            rows.append(["read \(mb(size)) into the model (\(events) events)", rate(readRate),
                         "JSONDecoder " + rate(decoderRate), ratio(readRate / decoderRate), "(reported)", "-"])
            rows.append(["validate \(mb(smallSize)) (new process, best of 3)", "\(seconds(validate.seconds)) (median \(seconds(validate.medianSeconds)))",
                         "JSONDecoder " + seconds(smallDecoderTime), ratio(smallDecoderTime / validate.seconds), "≥ 60×",
                         speedVerdict(smallDecoderTime / validate.seconds >= 60)])
            rows.append(["replay \(mb(size)), JSON Lines to /dev/null (new process, best of 3)", "\(rate(replayRate)) (\(seconds(replay.seconds)); median \(seconds(replay.medianSeconds)))",
                         orjson.map { "orjson parse " + rate(megabytes / $0) } ?? "orjson: not installed",
                         orjson.map { ratio(replayRate / (megabytes / $0)) } ?? "-", "≥ 200 MB/s", speedVerdict(replayRate >= 200)])
            rows.append(["  peak memory of that replay", mb(replay.peakBytes), "file " + mb(size), "",
                         "≤ 64 MB", verdict(replay.peakBytes <= memoryLimit)])
            let arenaRate = Double(arenaSize) / 1_000_000 / arenaReplay.seconds
            rows.append(["replay \(mb(arenaSize)) version 2 (arena, deadlines, views inside views), JSON Lines", "\(rate(arenaRate)) (\(seconds(arenaReplay.seconds)))",
                         "version 1 replay " + rate(replayRate), ratio(arenaRate / replayRate), "(reported)", "-"])
            let hugeRate = Double(hugeSize) / 1_000_000 / hugeReplay.seconds
            rows.append(["replay \(mb(hugeSize)), JSON Lines to /dev/null (new process)", "\(rate(hugeRate)) (\(seconds(hugeReplay.seconds)))",
                         "replay of \(mb(size)) " + rate(replayRate), ratio(hugeRate / replayRate), "(reported)", "-"])
            rows.append(["  peak memory of that replay", mb(hugeReplay.peakBytes), "file " + mb(hugeSize), "",
                         "≤ 64 MB", verdict(hugeReplay.peakBytes <= memoryLimit)])
            rows.append(["  peak memory of validate of it (new process)", mb(hugeValidate.peakBytes), "file " + mb(hugeSize), "",
                         "≤ 64 MB", verdict(hugeValidate.peakBytes <= memoryLimit)])
            rows.append(["verify \(fixtureCount) fixtures, \(mb(fixtureBytes)) (new process, best of 3)", "\(seconds(verify.seconds)) (median \(seconds(verify.medianSeconds)))",
                         orjsonFixtures.map { "orjson read " + seconds($0) } ?? "orjson: not installed",
                         orjsonFixtures.map { ratio($0 / verify.seconds) } ?? "-",
                         "≤ 0.150 s", speedVerdict(verify.seconds <= 0.15)])
            console.print("")
            console.print(table(rows))
            console.print("")
            console.print("replay stages in this process: read \(seconds(readTime)) (\(rate(readRate))); replay without output \(seconds(replayOnly)) (\(recordCount.count) records)")
            if quick { console.print("(--quick: inputs too small for the speed goals, which are for the full run: \"-\")") }
            return .success
        } catch {
            console.printError("touchtrace bench: \(error)")
            return .internalError
        }
    }

    // MARK: Measuring

    /// The best of `n` runs, in seconds.
    static func bestOf(_ n: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<n {
            let start = now()
            body()
            best = min(best, now() - start)
        }
        return best
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Seconds Foundation's JSONDecoder takes to decode the trace into Codable structs and put
    /// its events into the model, measured by `touchtrace-decoder-baseline` (built beside this
    /// program: touchtrace itself does not load Foundation).
    static func measureJSONDecoder(_ path: String) throws -> Double {
        let executable = executablePath()
        let folder = executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? "."
        let helper = folder + "/touchtrace-decoder-baseline"
        guard access(helper, X_OK) == 0 else {
            throw BenchFailure("\(helper) is missing: build every product with `swift build -c release`")
        }
        guard let seconds = capturedNumber(helper, [path]) else { throw BenchFailure("\(helper) failed on \(path)") }
        return seconds
    }

    struct ProcessResult {
        var status: Int32
        var seconds: Double
        /// Peak resident memory, in bytes.
        var peakBytes: Int
    }

    /// What `spawnRuns` measured: the fastest run's time, the median time, and the largest
    /// peak memory of any run.
    struct RunsResult {
        var seconds: Double
        var medianSeconds: Double
        var peakBytes: Int
    }

    /// Runs a program `runs` times (an odd number) as `spawn` does, after the system has
    /// written out what is waiting to be written (files the bench has just generated would
    /// otherwise be written back while the first run reads them, on the same cores); throws
    /// if any run fails. Timings on a shared machine vary from run to run: the fastest and the
    /// median are both reported, memory as the largest of all runs.
    static func spawnRuns(_ program: String, _ arguments: [String], what: String, runs: Int = 3) throws -> RunsResult {
        sync()
        var times: [Double] = []
        var peak = 0
        for _ in 0..<runs {
            let run = try spawn(program, arguments)
            guard run.status == 0 else { throw BenchFailure("\(what) exited with \(run.status)") }
            times.append(run.seconds)
            peak = max(peak, run.peakBytes)
        }
        times.sort()
        return RunsResult(seconds: times[0], medianSeconds: times[times.count / 2], peakBytes: peak)
    }

    /// Runs a program with stdout and stderr to /dev/null; its wall time and peak memory.
    static func spawn(_ program: String, _ arguments: [String]) throws -> ProcessResult {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let start = now()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchFailure("cannot run \(program): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = now() - start
        let exited = (status & 0x7F) == 0
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)
        #else
        let peak = Int(usage.ru_maxrss) * 1024
        #endif
        return ProcessResult(status: exited ? (status >> 8) & 0xFF : -1, seconds: elapsed, peakBytes: peak)
    }

    /// Seconds Python's orjson takes to parse the file (timed inside Python), or nil without it.
    static func pythonOrjson(parse path: String) -> Double? {
        python("import orjson,sys,time\nd=open(sys.argv[1],'rb').read()\nb=1e9\nfor _ in range(3):\n t=time.perf_counter(); orjson.loads(d); b=min(b,time.perf_counter()-t)\nprint(b)", path)
    }

    /// Seconds Python's orjson takes to read and parse every trace under a folder.
    static func pythonOrjson(readAll folder: String) -> Double? {
        python("import orjson,sys,time,glob\nfs=sorted(glob.glob(sys.argv[1]+'/**/*.trace.json',recursive=True))\nt=time.perf_counter()\nfor f in fs:\n with open(f,'rb') as h: orjson.loads(h.read())\nprint(time.perf_counter()-t)", folder)
    }

    private static func python(_ program: String, _ argument: String) -> Double? {
        capturedNumber("python3", ["-c", program, argument])
    }

    /// Runs a program (found on the PATH unless given with a slash) and reads the number it
    /// prints first; nil if it cannot run or fails.
    private static func capturedNumber(_ program: String, _ arguments: [String]) -> Double? {
        let output = temporaryPath("captured")
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words: [String] = [program] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        guard posix_spawnp(&pid, program, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0, let text = try? SourceFile.read(path: output) else { return nil }
        return Double(String(decoding: text.bytes, as: UTF8.self).split(separator: "\n").first ?? "")
    }

    // MARK: Files

    static func executablePath() -> String {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 { return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #endif
        return CommandLine.arguments[0]
    }

    static func makeTemporaryDirectory() -> String {
        var template = Array("/tmp/touchtrace-bench-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    static func temporaryPath(_ name: String) -> String { "/tmp/touchtrace-bench-\(getpid())-\(name)" }

    /// Removes a folder the benchmark made, with everything in it.
    static func removeTree(_ path: String) {
        guard let dir = opendir(path) else {
            unlink(path)
            return
        }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            var info = stat()
            if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { removeTree(child) } else { unlink(child) }
        }
        closedir(dir)
        rmdir(path)
    }

    // MARK: Text

    static func mb(_ bytes: Int) -> String { "\(oneDecimal(Double(bytes) / 1_000_000)) MB" }
    static func rate(_ megabytesPerSecond: Double) -> String { "\(oneDecimal(megabytesPerSecond)) MB/s" }
    static func seconds(_ s: Double) -> String { "\(fixedDecimals(s, 3)) s" }
    static func ratio(_ r: Double) -> String { "\(oneDecimal(r))×" }
    static func verdict(_ ok: Bool) -> String { ok ? "met" : "MISSED" }
    static func oneDecimal(_ v: Double) -> String { fixedDecimals(v, 1) }

    static func table(_ rows: [[String]]) -> String {
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in cell.padding(toLength: widths[c]) }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

/// Counts records without writing them.
final class RecordCounter: RecordSink {
    var count = 0
    func write(_ record: Record) { count += 1 }
}

struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
