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
        Generates its inputs deterministically in a temporary folder, in each of several trace
        shapes (SPEC 19) — spaced (one event a line), minified, pretty-printed (one key a line),
        keys in any order, the strokes form, pretty-printed with keys in any order, the strokes
        form pretty-printed (a number a line), touches with force and majorRadius and one to six
        decimals, two to ten touches an event, and a browser's (minified, coordinates with a
        double's full digits, a pointerType in every touch) — and measures for each shape, side by side
        in one run:
          `touchtrace validate` of a 20 MB trace, end to end in a new process (start and file
            reading included), against Foundation's JSONDecoder on the same file into Codable
            structs;
          `touchtrace replay --format jsonl` of a 100 MB trace to /dev/null, end to end in a
            new process, with its peak memory, against Python's orjson merely parsing it;
          `touchtrace verify` of 10,000 fixtures of 2 to 5 KB in that shape in a new process
            (start included), against orjson reading the same files.
        Each goal (SPEC 9) is judged on the shape slowest at it: validate ≥ 60× JSONDecoder;
        replay ≥ 200 MB/s; verify ≤ 0.15 s; peak memory ≤ 64 MB whatever the trace's size
        (replay of every shape at 100 MB, and replay and validate of the slowest shape's trace
        ten times as large, 1 GB; a shape that already peaks above 400 MB at 100 MB is not run
        at 1 GB, where it could exhaust the machine's memory, and the slowest of the others is).
        Beside the goals it reports, on the spaced shape: reading the trace into the model in
        this process against JSONDecoder, and `touchtrace replay` of the same kind of trace as a
        version 2 trace through a scene where the arena and deadlines decide.
        The validate, replay and verify commands run three times each, once the files just
        generated are written out (so the disk's write-back does not share the cores): the
        fastest run is judged, and the median is shown beside it; JSONDecoder decodes each
        file three times in its process, and its fastest decode is the baseline.
        Build with `swift build -c release` first: a debug build is many times slower.
        --quick runs a small version (for CI); its speeds are not judged, only memory.
        """,
        options: [
            OptionSpec(name: "quick", value: nil, help: "Traces of 2 and 20 MB and 300 fixtures a shape, each command run once, instead of 100 MB, 1 GB and 10,000"),
            OptionSpec(name: "keep", value: "DIR", help: "Generate the inputs in DIR and keep them (default: a temporary folder, removed)"),
        ],
        examples: [
            ("bench", "The full benchmark (about fifteen minutes; 1.3 GB of room in the temporary folder)."),
            ("bench --quick", "A smoke test of the benchmark (under a minute; its speeds are not judged)."),
            ("bench --keep /tmp/shapes", "Keep the generated traces and fixtures of every shape to look at."),
        ],
        run: run)

    /// What was measured of one trace shape.
    struct ShapeFigures {
        var shape: TraceShape
        var traceSize: Int
        var replay: RunsResult
        var orjsonParse: Double?
        var validateSize: Int
        var validate: RunsResult
        var decoderSeconds: Double
        var fixtureBytes: Int
        var verify: RunsResult
        var orjsonFixtures: Double?

        var replayRate: Double { Double(traceSize) / 1_000_000 / replay.seconds }
        var validateRatio: Double { decoderSeconds / validate.seconds }
    }

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        do { try args.expectPositionals(atMost: 0, "") } catch {
            console.printError(CommandLineTool.usageMessage(command, error.message))
            return .usage
        }
        let quick = args.flag("quick")
        let traceBytes = quick ? 2_000_000 : 100_000_000
        // The trace for memory alone: ten times as large, to show memory does not grow with it.
        let hugeBytes = traceBytes * 10
        let fixtureCount = quick ? 300 : 10_000
        // --quick times each command once: its figures are not judged.
        let runs = quick ? 1 : 3
        #if DEBUG
        console.printError("note: this is a debug build; the figures mean little. Run: swift build -c release && .build/release/touchtrace bench")
        #endif
        let keep = args.value("keep") != nil
        let directory: String
        if let folder = args.value("keep") {
            directory = folder
            mkdir(directory, 0o755)
        } else {
            do {
                directory = try makeTemporaryDirectory()
            } catch {
                console.printError("touchtrace bench: \(error)")
                return .outputFailed
            }
        }
        defer { if !keep { removeTree(directory) } }
        let executable = executablePath()

        console.print("touchtrace bench\(quick ? " --quick" : ""): \(Verifier.coreCount) cores; inputs in \(directory)")
        do {
            // 1. Every shape: replay, validate and verify, each in a new process. All of it while
            // this process is small: a spawned child counts its parent's memory in its peak until
            // it execs.
            var figures: [ShapeFigures] = []
            for shape in TraceShape.all {
                let tracePath = "\(directory)/\(shape.name).trace.json"
                let size = try BenchInputs.writeLargeTrace(to: tracePath, bytes: traceBytes, seed: 1, shape: shape)
                console.print("\(shape.name): replaying a \(mb(size)) trace…")
                let replay = try spawnRuns(executable, ["replay", tracePath, "--format", "jsonl"], what: "replay of the \(shape.name) trace", runs: runs)
                let orjson = pythonOrjson(parse: tracePath)
                // The spaced trace is read again below, in this process.
                if !keep && shape.name != TraceShape.spaced.name { unlink(tracePath) }

                // Named as people often name a recording (not `.trace.json`): validate then first
                // tells a scene from a trace by the file's content, and that is measured too.
                let smallPath = "\(directory)/\(shape.name)-small.json"
                let smallSize = try BenchInputs.writeLargeTrace(to: smallPath, bytes: traceBytes / 5, seed: 3, shape: shape)
                console.print("\(shape.name): validating a \(mb(smallSize)) trace…")
                let validate = try spawnRuns(executable, ["validate", smallPath], what: "validate of the \(shape.name) trace", runs: runs)
                let decoder = try measureJSONDecoder(smallPath, runs: runs)
                if !keep { unlink(smallPath) }

                console.print("\(shape.name): generating and verifying \(fixtureCount) fixtures…")
                let fixtures = "\(directory)/fixtures-\(shape.name)"
                mkdir(fixtures, 0o755)
                let fixtureBytes = try BenchInputs.writeFixtures(in: fixtures, count: fixtureCount, seed: 2, shape: shape)
                let verify = try spawnRuns(executable, ["verify", fixtures, "--record", "never"], what: "verify of the \(shape.name) fixtures", runs: runs)
                let orjsonFixtures = pythonOrjson(readAll: fixtures)
                if !keep { removeTree(fixtures) }
                figures.append(ShapeFigures(shape: shape, traceSize: size, replay: replay, orjsonParse: orjson, validateSize: smallSize,
                                            validate: validate, decoderSeconds: decoder, fixtureBytes: fixtureBytes, verify: verify,
                                            orjsonFixtures: orjsonFixtures))
            }
            let slowestReplay = figures.min { $0.replayRate < $1.replayRate }!
            let slowestValidate = figures.min { $0.validateRatio < $1.validateRatio }!
            let slowestVerify = figures.max { $0.verify.seconds < $1.verify.seconds }!
            let largestReplayPeak = figures.max { $0.replay.peakBytes < $1.replay.peakBytes }!

            // 2. Memory must not grow with the trace: replay and validate one ten times as large,
            // in the shape slowest to replay — unless its peak at a tenth of the size already
            // shows memory growing with the trace (ten times that could exhaust the machine):
            // then in the slowest of the shapes whose memory stayed low.
            let memoryLimit = 64_000_000
            let hugeLimit = 400_000_000
            let bounded = figures.filter { $0.replay.peakBytes <= hugeLimit }
            let hugeFigures = bounded.min { $0.replayRate < $1.replayRate }
            var huge: (size: Int, replay: ProcessResult, validate: ProcessResult)?
            if let hugeShape = hugeFigures?.shape {
                let hugePath = directory + "/huge.json"
                let hugeSize = try BenchInputs.writeLargeTrace(to: hugePath, bytes: hugeBytes, seed: 4, shape: hugeShape)
                console.print("\(hugeShape.name): replaying and validating a \(mb(hugeSize)) trace…")
                sync()
                let hugeReplay = try spawn(executable, ["replay", hugePath, "--format", "jsonl"])
                guard hugeReplay.status == 0 else { throw BenchFailure("replay of the \(mb(hugeSize)) trace exited with \(hugeReplay.status)") }
                let hugeValidate = try spawn(executable, ["validate", hugePath])
                guard hugeValidate.status == 0 else { throw BenchFailure("validate of the \(mb(hugeSize)) trace exited with \(hugeValidate.status)") }
                if !keep { unlink(hugePath) }
                huge = (hugeSize, hugeReplay, hugeValidate)
            }

            // 3. The same kind of trace in version 2, through a scene where the arena and
            // deadlines decide (no goal of its own: it shows what they cost beside version 1).
            let arenaPath = directory + "/arena.trace.json"
            let arenaSize = try BenchInputs.writeLargeTrace(to: arenaPath, bytes: traceBytes, seed: 1, arena: true)
            console.print("spaced: replaying it as a version 2 trace with the arena…")
            let arenaReplay = try spawn(executable, ["replay", arenaPath, "--format", "jsonl"])
            guard arenaReplay.status == 0 else { throw BenchFailure("replay of the version 2 trace exited with \(arenaReplay.status)") }
            if !keep { unlink(arenaPath) }

            // 4. Reading the spaced trace into the model in this process, and the stages of a
            // replay (for finding where time goes); last, as they make this process large.
            console.print("spaced: reading it in this process…")
            let spaced = figures[0]
            let tracePath = "\(directory)/\(spaced.shape.name).trace.json"
            let source = try SourceFile.read(path: tracePath)
            var store = EventStore()
            let readTime = bestOf(3) {
                store = EventStore()
                _ = try? Trace.parse(source, consumer: &store)
            }
            let events = store.eventCount
            let decoderTime = try measureJSONDecoder(tracePath, runs: runs)
            let trace = try Trace.parse(source)
            let scene = Scene.defaultScene(width: trace.screen.width, height: trace.screen.height)
            let recordCount = RecordCounter()
            let replayOnly = bestOf(1) { Replayer.replay(trace, scene: scene, into: recordCount) }

            // The tables.
            // Speeds of small inputs are dominated by fixed costs: judged on the full run only.
            func speedVerdict(_ ok: Bool) -> String { quick ? "-" : verdict(ok) }
            var shapeRows: [[String]] = [["shape", "validate \(mb(spaced.validateSize))", "JSONDecoder", "ratio",
                                          "replay \(mb(spaced.traceSize)) (MB/s)", "peak memory", "orjson parse",
                                          "verify \(fixtureCount) fixtures", "orjson read"]]
            for f in figures {
                shapeRows.append([f.shape.name,
                                  "\(seconds(f.validate.seconds)) (median \(seconds(f.validate.medianSeconds)))",
                                  seconds(f.decoderSeconds), ratio(f.validateRatio),
                                  "\(rate(f.replayRate)) (median \(rate(Double(f.traceSize) / 1_000_000 / f.replay.medianSeconds)))",
                                  mb(f.replay.peakBytes),
                                  f.orjsonParse.map { rate(Double(f.traceSize) / 1_000_000 / $0) } ?? "not installed",
                                  "\(seconds(f.verify.seconds)) (median \(seconds(f.verify.medianSeconds)); \(mb(f.fixtureBytes)))",
                                  f.orjsonFixtures.map { seconds($0) } ?? "not installed"])
            }
            console.print("")
            console.print("Every shape (validate and replay of files of about the sizes shown; best of 3, median beside):")
            console.print(table(shapeRows))
            for f in figures { console.print("  \(f.shape.name): \(f.shape.summary)") }

            var goalRows: [[String]] = [["goal", "slowest shape", "figure", "goal", "", "to meet it"]]
            goalRows.append(["validate ≥ 60× JSONDecoder", slowestValidate.shape.name, ratio(slowestValidate.validateRatio), "≥ 60×",
                             speedVerdict(slowestValidate.validateRatio >= 60), shortfall(faster: 60 / slowestValidate.validateRatio)])
            goalRows.append(["replay ≥ 200 MB/s", slowestReplay.shape.name, rate(slowestReplay.replayRate), "≥ 200 MB/s",
                             speedVerdict(slowestReplay.replayRate >= 200), shortfall(faster: 200 / slowestReplay.replayRate)])
            goalRows.append(["verify ≤ 0.15 s", slowestVerify.shape.name, seconds(slowestVerify.verify.seconds), "≤ 0.150 s",
                             speedVerdict(slowestVerify.verify.seconds <= 0.15), shortfall(faster: slowestVerify.verify.seconds / 0.15)])
            goalRows.append(["replay memory at \(mb(traceBytes))", largestReplayPeak.shape.name, mb(largestReplayPeak.replay.peakBytes), "≤ 64 MB",
                             verdict(largestReplayPeak.replay.peakBytes <= memoryLimit), shortfall(bytes: largestReplayPeak.replay.peakBytes, limit: memoryLimit)])
            if let huge {
                goalRows.append(["replay memory at \(mb(huge.size))", hugeFigures!.shape.name, mb(huge.replay.peakBytes), "≤ 64 MB",
                                 verdict(huge.replay.peakBytes <= memoryLimit), shortfall(bytes: huge.replay.peakBytes, limit: memoryLimit)])
                goalRows.append(["validate memory at \(mb(huge.size))", hugeFigures!.shape.name, mb(huge.validate.peakBytes), "≤ 64 MB",
                                 verdict(huge.validate.peakBytes <= memoryLimit), shortfall(bytes: huge.validate.peakBytes, limit: memoryLimit)])
            }
            for f in figures where f.replay.peakBytes > hugeLimit {
                goalRows.append(["replay and validate memory at \(mb(hugeBytes))", f.shape.name,
                                 "not run: \(mb(f.replay.peakBytes)) at \(mb(f.traceSize)) already", "≤ 64 MB", verdict(false),
                                 shortfall(bytes: f.replay.peakBytes, limit: memoryLimit) + " at \(mb(f.traceSize))"])
            }
            console.print("")
            console.print("The goals (SPEC 9), each judged on the shape slowest at it:")
            console.print(table(goalRows))

            let megabytes = Double(spaced.traceSize) / 1_000_000
            let readRate = megabytes / readTime
            let arenaRate = Double(arenaSize) / 1_000_000 / arenaReplay.seconds
            var otherRows: [[String]] = [["figure", "touchtrace", "baseline", "ratio"]]
            otherRows.append(["read \(mb(spaced.traceSize)) spaced into the model (\(events) events)", rate(readRate),
                              "JSONDecoder " + rate(megabytes / decoderTime), ratio(decoderTime / readTime)])
            otherRows.append(["replay \(mb(arenaSize)) version 2 (arena, deadlines, views inside views), JSON Lines", "\(rate(arenaRate)) (\(seconds(arenaReplay.seconds)))",
                              "spaced version 1 replay " + rate(spaced.replayRate), ratio(arenaRate / spaced.replayRate)])
            if let huge {
                let hugeRate = Double(huge.size) / 1_000_000 / huge.replay.seconds
                let base = hugeFigures!
                otherRows.append(["replay \(mb(huge.size)) \(base.shape.name), JSON Lines to /dev/null", "\(rate(hugeRate)) (\(seconds(huge.replay.seconds)))",
                                  "replay of \(mb(base.traceSize)) " + rate(base.replayRate), ratio(hugeRate / base.replayRate)])
            }
            console.print("")
            console.print("Reported beside the goals:")
            console.print(table(otherRows))
            console.print("")
            console.print("replay stages in this process: read \(seconds(readTime)) (\(rate(readRate))); replay without output \(seconds(replayOnly)) (\(recordCount.count) records)")
            if quick { console.print("(--quick: inputs too small for the speed goals, which are for the full run: \"-\")") }
            return .success
        } catch {
            console.printError("touchtrace bench: \(error)")
            return .internalError
        }
    }

    /// How much faster a missed speed goal needs the slowest shape to be ("-" when it is met).
    static func shortfall(faster factor: Double) -> String {
        factor > 1 ? "\(fixedDecimals(factor, 2))× faster" : "-"
    }

    /// How much a missed memory goal is over its limit ("-" when it is met).
    static func shortfall(bytes: Int, limit: Int) -> String {
        bytes > limit ? "\(mb(bytes - limit)) less (\(fixedDecimals(Double(bytes) / Double(limit), 2))× the limit)" : "-"
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
    /// program: touchtrace itself does not load Foundation): the fastest of `runs` decodes, as
    /// touchtrace's own commands are judged by their fastest run (a single decode, slowed by
    /// the machine, would flatter the ratio).
    static func measureJSONDecoder(_ path: String, runs: Int) throws -> Double {
        let executable = executablePath()
        let folder = executable.lastIndex(of: "/").map { String(executable[..<$0]) } ?? "."
        let helper = folder + "/touchtrace-decoder-baseline"
        guard access(helper, X_OK) == 0 else {
            throw BenchFailure("\(helper) is missing: build every product with `swift build -c release`")
        }
        guard let seconds = capturedNumber(helper, [path, String(runs)]) else { throw BenchFailure("\(helper) failed on \(path)") }
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
        let start = now()
        let exit: ChildProcessExit
        do {
            exit = try runChildProcess(program, arguments)
        } catch {
            throw BenchFailure("cannot run \(program): error \(error.code)")
        }
        let elapsed = now() - start
        return ProcessResult(status: exit.status, seconds: elapsed, peakBytes: exit.peakBytes)
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
        guard let exit = try? runChildProcess(program, arguments, searchingPath: true, standardOutputFile: output),
              exit.status == 0, let text = try? SourceFile.read(path: output) else { return nil }
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

    static func makeTemporaryDirectory() throws -> String {
        switch makeUniqueDirectory(prefix: "/tmp/touchtrace-bench") {
        case .success(let path): return path
        case .failure(let error): throw BenchFailure("cannot make a folder in /tmp: \(error)")
        }
    }

    static func temporaryPath(_ name: String) -> String { "/tmp/touchtrace-bench-\(getpid())-\(name)" }

    /// Removes a folder the benchmark made, with everything in it.
    static func removeTree(_ path: String) {
        // The names first, the folder closed before its entries are removed.
        var names: [String] = []
        do {
            guard let listing = DirectoryListing(path: path) else {
                unlink(path)
                return
            }
            while let name = listing.nextName() {
                if name != "." && name != ".." { names.append(name) }
            }
        }
        for name in names {
            let child = path + "/" + name
            var info = stat()
            if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { removeTree(child) } else { unlink(child) }
        }
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
