#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import TouchTrace

/// The real `touchtrace` binary, run as a user runs it: in its own process, with its own
/// environment, standard input and exit status.
@Suite(.serialized) struct ProcessTests {
    /// The binary `swift build` puts beside the test bundle. `swift test` does not relink it
    /// (the tests cannot depend on it: it links the Swift runtime statically), so a binary
    /// older than the code compiled for it is refused rather than tested: run `swift build`
    /// first, as `.ci/run` does.
    static let binary: Result<String, BinaryProblem> = {
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = me.deletingLastPathComponent()
        // On macOS the tests run inside touchtracePackageTests.xctest/Contents/MacOS.
        while folder.path.contains(".xctest") { folder = folder.deletingLastPathComponent() }
        let candidate = folder.appendingPathComponent("touchtrace").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            return .failure(BinaryProblem(message: "no touchtrace binary at \(candidate): run swift build first"))
        }
        // Compiled objects are rewritten only when their code changes: one newer than the
        // binary means the binary misses that change.
        let built = (try? FileManager.default.attributesOfItem(atPath: candidate)[.modificationDate] as? Date) ?? .distantPast
        for module in ["TouchTrace", "TouchTraceCLI", "touchtrace"] {
            let objects = folder.appendingPathComponent(module + ".build").path
            for name in (try? FileManager.default.contentsOfDirectory(atPath: objects)) ?? [] where name.hasSuffix(".o") {
                let changed = (try? FileManager.default.attributesOfItem(atPath: objects + "/" + name)[.modificationDate] as? Date) ?? .distantPast
                if changed > built {
                    return .failure(BinaryProblem(message: "the touchtrace binary is older than \(module).build/\(name): run swift build (swift test does not relink it)"))
                }
            }
        }
        return .success(candidate)
    }()

    struct BinaryProblem: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    struct Outcome {
        var status: Int32
        var out: Data
        var err: String
    }

    /// Runs the binary with `arguments`, the environment `environment` (nothing else), and
    /// `input` on standard input; `prefix` runs it through another program (setpriv).
    static func run(_ arguments: [String], environment: [String: String] = [:], input: Data? = nil, prefix: [String] = []) throws -> Outcome {
        let binary = try Self.binary.get()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: prefix.first ?? binary)
        process.arguments = prefix.isEmpty ? arguments : Array(prefix.dropFirst()) + [binary] + arguments
        process.environment = environment
        // Output goes to files (no pipe can fill up while the process waits for a reader).
        let folder = temporaryDirectory()
        _ = FileManager.default.createFile(atPath: folder + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: folder + "/err", contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/err"))
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(input) }
        try inPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: URL(fileURLWithPath: folder + "/out"))
        let errData = try Data(contentsOf: URL(fileURLWithPath: folder + "/err"))
        return Outcome(status: process.terminationStatus, out: outData, err: String(decoding: errData, as: UTF8.self))
    }

    /// Every fixture, in both formats, gives the same bytes in two processes whose hash seeds
    /// differ (Swift seeds Set and Dictionary hashing per process unless
    /// SWIFT_DETERMINISTIC_HASHING is set): output that depended on hash order would differ.
    @Test func outputIsTheSameBytesInProcessesWithDifferentHashSeeds() throws {
        let fixtures = try Fixture.discover([packageRoot + "/traces"])
        #expect(fixtures.count > 50)
        for fixture in fixtures {
            for format in ["text", "jsonl"] {
                let seeded = try Self.run(["replay", fixture.tracePath, "--format", format])
                let fixed = try Self.run(["replay", fixture.tracePath, "--format", format], environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
                #expect(seeded.status == 0 && fixed.status == 0, "\(fixture.name)")
                // (A JSON Lines transcript may be empty: knob/outside reaches nothing.)
                #expect(seeded.out == fixed.out && (format == "jsonl" || !seeded.out.isEmpty), "\(fixture.name) \(format)")
                if format == "text" {
                    #expect(seeded.out == (try Data(contentsOf: URL(fileURLWithPath: fixture.expectedPath))), "\(fixture.name)")
                }
            }
        }
        // A run of verify over the whole corpus, too.
        let a = try Self.run(["verify", packageRoot + "/traces", "--record", "never", "--jobs", "2"])
        let b = try Self.run(["verify", packageRoot + "/traces", "--record", "never", "--jobs", "1"], environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
        #expect(a.status == 0 && a.out == b.out)
    }

    #if os(Linux)
    /// The binary is linked whole (Package.swift): it names no program interpreter (the dynamic
    /// loader) in its ELF program headers, so that nothing is loaded or bound by name as a run
    /// starts; and it runs.
    @Test func theBinaryStartsWithoutTheDynamicLoader() throws {
        let binary = try Self.binary.get()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: binary)))
        func word(_ at: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { value, k in value | Int(bytes[at + k]) << (8 * k) }
        }
        // A 64-bit little-endian ELF file: its program headers' offset, size and count.
        #expect(Array(bytes[0..<6]) == [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        let offset = word(0x20, 8), size = word(0x36, 2), count = word(0x38, 2)
        #expect(count > 0 && size >= 56)
        // PT_INTERP is type 3; PT_LOAD (1) there is, for the code.
        let types = (0..<count).map { word(offset + $0 * size, 4) }
        #expect(types.contains(1))
        #expect(!types.contains(3), "the binary asks for the dynamic loader")
        let version = try Self.run(["--version"])
        #expect(version.status == 0 && !version.out.isEmpty)
    }
    #endif

    @Test func exitCodesMeanWhatTheREADMESays() throws {
        let folder = temporaryDirectory()
        let drag = packageRoot + "/traces/pan/drag.trace.json", expected = packageRoot + "/traces/pan/drag.expected.txt"
        // 0: all good.
        #expect(try Self.run(["replay", drag]).status == 0)
        #expect(try Self.run(["diff", drag, expected]).status == 0)
        // 1: a difference.
        let changed = folder + "/changed.expected.txt"
        try writeText(try readText(expected).replacingFirst("velocity=", with: "velocity=1"), to: changed)
        #expect(try Self.run(["diff", drag, changed]).status == 1)
        // 2: a usage error, and an invalid trace.
        #expect(try Self.run(["replay"]).status == 2)
        #expect(try Self.run(["replay", drag, "--output"]).status == 2)
        let invalid = folder + "/invalid.trace.json"
        try writeText(#"{"version": 1, "events": [{"t": 0, "touches": [{"id": 1, "phase": "moved", "x": 1, "y": 1}]}]}"#, to: invalid)
        let bad = try Self.run(["replay", invalid])
        #expect(bad.status == 2 && bad.err.hasPrefix("\(invalid):1:"))
        // 74: an output that cannot be written, named.
        let nowhere = folder + "/missing/out.txt"
        let unwritable = try Self.run(["replay", drag, "--output", nowhere])
        #expect(unwritable.status == 74 && unwritable.err.contains(nowhere))
        // The README and the overview say the same.
        let readme = try readText(packageRoot + "/README.md")
        #expect(readme.contains("Exit codes: 0 all good; 1 a difference or a failed fixture; 2 a usage error, or an unreadable,\n  malformed or invalid input"))
        #expect(readme.contains("74 an\n  output that could not be written"))
        #expect(try Self.run(["--help"]).out.range(of: Data("74 an output that could not be written".utf8)) != nil)
        // Writing to a full device is a failure to write, too.
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let full = try Self.run(["replay", drag, "--output", "/dev/full"])
            #expect(full.status == 74 && full.err.contains("/dev/full"))
        }
    }

    @Test func aDashReadsStandardInputAndWritesStandardOutput() throws {
        let drag = packageRoot + "/traces/pan/drag.trace.json"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: drag))
        // The default scene: a trace from standard input has no scene.json beside it.
        let fromFile = try Self.run(["replay", drag, "--scene", packageRoot + "/traces/pan/scene.json"])
        let fromStdin = try Self.run(["replay", "-", "--scene", packageRoot + "/traces/pan/scene.json", "--output", "-"], input: bytes)
        #expect(fromStdin.status == 0 && fromStdin.out == fromFile.out && !fromFile.out.isEmpty)
        let broken = try Self.run(["replay", "-"], input: Data("{\"version\": 1,".utf8))
        #expect(broken.status == 2 && broken.err.hasPrefix("<stdin>:1:"))
        let diff = try Self.run(["diff", "-", packageRoot + "/traces/pan/drag.expected.txt", "--scene", packageRoot + "/traces/pan/scene.json"], input: bytes)
        #expect(diff.status == 0, "\(diff.err)")
    }

    /// `help import`'s example, `touchtrace import getevent touches.log | touchtrace replay
    /// /dev/stdin`: a pipe named by its path is read as `-` is, for every command that reads a
    /// trace. A stream larger than what is kept in memory gives the same bytes and messages too.
    @Test func aPipeNamedByItsPathIsReadAsStandardInputIs() throws {
        let drag = packageRoot + "/traces/pan/drag.trace.json"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: drag))
        let scene = ["--scene", packageRoot + "/traces/pan/scene.json"]
        let fromFile = try Self.run(["replay", drag] + scene)
        let named = try Self.run(["replay", "/dev/stdin"] + scene, input: bytes)
        #expect(named.status == 0 && named.out == fromFile.out && !fromFile.out.isEmpty, "\(named.err)")
        #expect(try Self.run(["validate", "/dev/stdin"], input: bytes).status == 0)
        let render = try Self.run(["render", "/dev/stdin"] + scene, input: bytes)
        let renderByPath = try Self.run(["render", drag] + scene)
        #expect(render.status == 0 && render.out == renderByPath.out)
        let diff = try Self.run(["diff", "/dev/stdin", packageRoot + "/traces/pan/drag.expected.txt"] + scene, input: bytes)
        #expect(diff.status == 0, "\(diff.err)")

        // A 3 MB trace, "events" first, through a pipe (`cat big.trace.json | touchtrace
        // replay -`): the transcript of the same file by path, and for a bad copy of it, the
        // same line and column under the name of standard input.
        let folder = temporaryDirectory()
        var big = "{\"events\": [\n"
        var t = 0
        for id in 1...1500 {
            for k in 0..<22 {
                let phase = k == 0 ? "began" : (k == 21 ? "ended" : "moved")
                t += 8
                big += (t == 8 ? "" : ",\n") + "{\"t\": \(Double(t) / 1000), \"touches\": [{\"id\": \(id), \"phase\": \"\(phase)\", \"x\": \(20 + 4 * k).5, \"y\": \(100 + id % 600).25}]}"
            }
        }
        big += "\n], \"version\": 1}\n"
        let bigBytes = Data(big.utf8)
        #expect(bigBytes.count > SourceFile.mappingThreshold)
        try bigBytes.write(to: URL(fileURLWithPath: folder + "/big.trace.json"))
        let byPath = try Self.run(["replay", folder + "/big.trace.json", "--format", "jsonl"])
        let piped = try Self.run(["replay", "-", "--format", "jsonl"], environment: ["TMPDIR": folder], input: bigBytes)
        #expect(byPath.status == 0 && piped.status == 0 && piped.out == byPath.out && byPath.out.count > 1000, "\(piped.err)")
        // Nothing of the stream's temporary copy is left in TMPDIR.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["big.trace.json"])
        // No temporary folder to be had: read into memory, the same bytes.
        let noFolder = try Self.run(["replay", "-", "--format", "jsonl"], environment: ["TMPDIR": folder + "/missing"], input: bigBytes)
        #expect(noFolder.status == 0 && noFolder.out == byPath.out)
        var broken = big
        broken.replace("\"id\": 1500, \"phase\": \"ended\"", with: "\"id\": 1500, \"phase\": \"lifted\"")
        try Data(broken.utf8).write(to: URL(fileURLWithPath: folder + "/broken.trace.json"))
        // Line 1 holds `{"events": [`, then one event a line: 1,500 touches of 22 events, so
        // the last event (touch 1500's end, now "lifted") is on line 1 + 33,000.
        let badPath = try Self.run(["replay", folder + "/broken.trace.json"])
        let badPipe = try Self.run(["replay", "-"], environment: ["TMPDIR": folder], input: Data(broken.utf8))
        #expect(badPath.status == 2 && badPipe.status == 2 && badPipe.out.isEmpty)
        #expect(badPath.err.hasPrefix(folder + "/broken.trace.json:33001:"), "\(badPath.err)")
        #expect(badPipe.err == badPath.err.replacingOccurrences(of: folder + "/broken.trace.json", with: "<stdin>"))
    }

    /// `adb shell getevent -lt | touchtrace import getevent -`: a log of several megabytes from
    /// a pipe (kept in a temporary file, then read in windows as a file is) gives the bytes of
    /// the same log imported by its path, from `-` and from `/dev/stdin`, leaves nothing in
    /// TMPDIR, and a bad line late in it gets the same line and column under the name of
    /// standard input.
    @Test func anImportedLogFromAPipeIsTheImportOfTheFile() throws {
        let folder = temporaryDirectory()
        var trace = "{\"version\": 2, \"screen\": {\"width\": 400, \"height\": 800}, \"events\": [\n"
        var t = 0
        for stroke in 0..<400 {
            for k in 0..<22 {
                let phase = k == 0 ? "began" : (k == 21 ? "ended" : "moved")
                t += 10
                trace += (t == 10 ? "" : ",\n") + "{\"t\": \(Double(t) / 1000), \"touches\": ["
                    + "{\"id\": 1, \"phase\": \"\(phase)\", \"x\": \(20 + 4 * k), \"y\": \(100 + stroke % 300)}, "
                    + "{\"id\": 2, \"phase\": \"\(phase)\", \"x\": \(200 + 3 * k), \"y\": \(400 + stroke % 300)}]}"
            }
        }
        trace += "\n]}\n"
        try Data(trace.utf8).write(to: URL(fileURLWithPath: folder + "/strokes.trace.json"))
        let logPath = folder + "/touches.log"
        let export = touchtrace(["export", "getevent", folder + "/strokes.trace.json", "--output", logPath])
        #expect(export.code == 0, "\(export.err)")
        let log = try Data(contentsOf: URL(fileURLWithPath: logPath))
        // Several windows of the importer and more than a stream kept in memory.
        #expect(log.count > 3 * SourceFile.mappingThreshold)
        let byPath = try Self.run(["import", "getevent", logPath])
        #expect(byPath.status == 0 && byPath.out.count > 100_000, "\(byPath.err)")
        let piped = try Self.run(["import", "getevent", "-"], environment: ["TMPDIR": folder], input: log)
        #expect(piped.status == 0 && piped.out == byPath.out, "\(piped.err)")
        let named = try Self.run(["import", "getevent", "/dev/stdin"], environment: ["TMPDIR": folder], input: log)
        #expect(named.status == 0 && named.out == byPath.out, "\(named.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["strokes.trace.json", "touches.log"])
        // The log's last line (a SYN_REPORT) made unreadable: its number is the log's count of
        // line ends, the same whether the log comes by its path or through the pipe.
        var text = String(decoding: log, as: UTF8.self)
        let last = try #require(text.range(of: "SYN_REPORT", options: .backwards))
        text.replaceSubrange(last, with: "SYN_REPORX")
        let brokenPath = folder + "/broken.log"
        try Data(text.utf8).write(to: URL(fileURLWithPath: brokenPath))
        let lastLine = text.utf8.filter { $0 == 0x0A }.count
        let badPath = try Self.run(["import", "getevent", brokenPath])
        let badPipe = try Self.run(["import", "getevent", "-"], environment: ["TMPDIR": folder], input: Data(text.utf8))
        #expect(badPath.status == 2 && badPipe.status == 2 && badPipe.out.isEmpty)
        #expect(badPath.err.hasPrefix(brokenPath + ":\(lastLine):"), "\(badPath.err)")
        #expect(badPipe.err == badPath.err.replacingOccurrences(of: brokenPath, with: "<stdin>"))
    }

    /// `cat big.trace.json | touchtrace export FORMAT -`: a trace from a pipe, given as `-` or
    /// as `/dev/stdin`, exports to the bytes of the same file given by its path, in every
    /// format, with the same warnings and refusals under the name of standard input, and leaves
    /// nothing in TMPDIR. A stream larger than what is kept in memory is spooled once into an
    /// unnamed temporary file, and every pass of the export (the check, then each format's
    /// writing, webdriver once a source) reads that copy; a short one is read from memory.
    @Test func anExportFromAPipeIsTheExportOfTheFile() throws {
        let folder = temporaryDirectory()
        // Touch 1 and touch "b" land, move and lift, over and over; every fifth time "b" is
        // cancelled (a warning in evemu, getevent and webdriver), and "b" is left down at the
        // end (a warning in each format). One event a line after line 1.
        var lines: [String] = []
        var t = 0
        for round in 0..<1000 {
            for k in 0..<8 {
                t += 9
                let phase = k == 0 ? "began" : (k == 7 ? "ended" : "moved")
                let other = round == 999 && k == 7 ? "moved" : (k == 7 && round % 5 == 4 ? "cancelled" : phase)
                lines.append("{\"t\": \(Double(t) / 1000), \"touches\": [{\"id\": 1, \"phase\": \"\(phase)\", \"x\": \(10 + 3 * k).25, \"y\": \(50 + round % 200)}, "
                    + "{\"id\": \"b\", \"phase\": \"\(other)\", \"x\": \(200 - 5 * k).5, \"y\": \(300 + round % 100), \"force\": 0.\(k + 1)}]}")
            }
        }
        func trace(_ events: [String]) -> Data {
            Data(("{\"version\": 2, \"screen\": {\"width\": 390, \"height\": 844}, \"maximumForce\": 1, \"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n").utf8)
        }
        let big = trace(lines)
        #expect(big.count > SourceFile.mappingThreshold)
        // The short one: four rounds and most of a fifth, then the last line (touch 1 lifts, "b"
        // stays down).
        let small = trace(Array(lines.prefix(39)) + [lines.last!])
        #expect(small.count < SourceFile.mappingThreshold)
        // Eleven more fingers land at the end, "b" still down: evemu and getevent (10 slots)
        // refuse the export at the tenth of them, near the end, after reading all the rest.
        var crowded = lines
        for f in 0..<11 {
            t += 9
            crowded.append("{\"t\": \(Double(t) / 1000), \"touches\": [{\"id\": \(100 + f), \"phase\": \"began\", \"x\": \(20 + f), \"y\": 20}]}")
        }
        // A bad phase on the trace's last line: no format is written.
        var broken = lines
        broken[broken.count - 1] = broken[broken.count - 1].replacingOccurrences(of: "\"phase\": \"ended\"", with: "\"phase\": \"lifted\"")
        mkdirs(folder + "/spool")
        mkdirs(folder + "/out")
        let cases: [(name: String, bytes: Data)] = [("big", big), ("small", small), ("crowded", trace(crowded)), ("broken", trace(broken))]
        for (name, bytes) in cases {
            let path = folder + "/" + name + ".trace.json"
            try bytes.write(to: URL(fileURLWithPath: path))
            for format in ["evemu", "getevent", "webdriver", "cdp"] {
                let byPath = try Self.run(["export", format, path])
                let refused = name == "broken" || (name == "crowded" && (format == "evemu" || format == "getevent"))
                #expect(byPath.status == (refused ? 2 : 0), "\(name) \(format): \(byPath.err)")
                #expect(refused ? byPath.out.isEmpty : byPath.out.count > 1000, "\(name) \(format)")
                // Every run warns ("b" is left down), or is refused, at a place in the trace.
                #expect(byPath.err.hasPrefix(path + ":"), "\(name) \(format): \(byPath.err)")
                let asStandardInput = byPath.err.replacingOccurrences(of: path, with: "<stdin>")
                for input in ["-", "/dev/stdin"] {
                    let piped = try Self.run(["export", format, input], environment: ["TMPDIR": folder + "/spool"], input: bytes)
                    #expect(piped.status == byPath.status && piped.out == byPath.out, "\(name) \(format) \(input)")
                    #expect(piped.err == (input == "-" ? asStandardInput : byPath.err.replacingOccurrences(of: path, with: "/dev/stdin")),
                            "\(name) \(format) \(input): \(piped.err)")
                }
                // Into a file: the same bytes, or, refused, no file at all.
                let output = folder + "/out/" + name + "." + format
                let toFile = try Self.run(["export", format, "-", "--output", output], environment: ["TMPDIR": folder + "/spool"], input: bytes)
                #expect(toFile.status == byPath.status && toFile.err == asStandardInput)
                #expect(FileManager.default.contents(atPath: output) == (refused ? nil : byPath.out), "\(name) \(format)")
            }
        }
        // Line 1 holds the header, then one event a line: the crowded trace is refused at its
        // tenth finger (id 109, "b" and nine fingers down) on line 1 + 8,000 + 10, the broken
        // one at its last event's line, 1 + 8,000.
        let refusal = try Self.run(["export", "evemu", "-"], environment: ["TMPDIR": folder + "/spool"], input: trace(crowded))
        #expect(refusal.err.contains("\n<stdin>:8011:") && refusal.err.contains("touch 109 lands while 10 touches are down"), "\(refusal.err)")
        let bad = try Self.run(["export", "cdp", "-"], environment: ["TMPDIR": folder + "/spool"], input: trace(broken))
        #expect(bad.err.hasPrefix("<stdin>:8001:"), "\(bad.err)")
        // Nothing of the streams' temporary copies is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/spool").isEmpty)
    }

    /// A webdriver export of more sources than one pass writes (the first to the output, the
    /// others into temporary files copied out after it) is the same, byte for byte, as the rule
    /// gives it, with temporary files or without any (a source a pass), and leaves nothing in
    /// TMPDIR.
    @Test func webdriverSourcesWrittenInBatchesAreInOrder() throws {
        // 70 touches, one after another: touch k lands at (k, 2) at 2k ms and lifts there at
        // 2k + 1 ms. Ticks, from the first event (2 ms): touch 1's move and down, a pause of
        // 1 ms, its up; then for each next touch a pause of 1 ms, its move and down, a pause
        // of 1 ms, its up. A source does its own actions in its touch's ticks and pauses in all
        // others (0 ms in a tick of moves, downs or ups, 1 ms in a tick of pause).
        let count = 70
        #expect(count > 2 * PreparedExport.sourcesPerPass)
        var events: [String] = []
        for k in 1...count {
            events.append("{\"t\": \(Double(2 * k) / 1000), \"touches\": [{\"id\": \(k), \"phase\": \"began\", \"x\": \(k), \"y\": 2}]}")
            events.append("{\"t\": \(Double(2 * k + 1) / 1000), \"touches\": [{\"id\": \(k), \"phase\": \"ended\", \"x\": \(k), \"y\": 2}]}")
        }
        let trace = Data(("{\"version\": 2, \"screen\": {\"width\": 100, \"height\": 10}, \"events\": [\n" + events.joined(separator: ",\n") + "\n]}\n").utf8)
        // Each tick: (touch, what), what being "pause" (1 ms) or the touch's action.
        var ticks: [(touch: Int, what: String)] = []
        for k in 1...count {
            if k > 1 { ticks.append((k, "pause")) }
            ticks += [(k, "move"), (k, "down"), (k, "pause"), (k, "up")]
        }
        var expected = "{\"actions\": ["
        for source in 1...count {
            expected += (source == 1 ? "\n" : ",\n") + "{\"type\": \"pointer\", \"id\": \"touch\(source)\", \"parameters\": {\"pointerType\": \"touch\"}, \"actions\": ["
            for (n, tick) in ticks.enumerated() {
                expected += n == 0 ? "\n  " : ",\n  "
                switch (tick.what, tick.touch == source) {
                case ("pause", _): expected += "{\"type\": \"pause\", \"duration\": 1}"
                case ("move", true): expected += "{\"type\": \"pointerMove\", \"duration\": 0, \"origin\": \"viewport\", \"x\": \(source), \"y\": 2}"
                case ("down", true): expected += "{\"type\": \"pointerDown\", \"button\": 0}"
                case ("up", true): expected += "{\"type\": \"pointerUp\", \"button\": 0}"
                default: expected += "{\"type\": \"pause\", \"duration\": 0}"
                }
            }
            expected += "\n]}"
        }
        expected += "\n]}\n"
        let folder = temporaryDirectory()
        mkdirs(folder + "/spool")
        let batched = try Self.run(["export", "webdriver", "-"], environment: ["TMPDIR": folder + "/spool"], input: trace)
        #expect(batched.status == 0 && batched.err.isEmpty, "\(batched.err)")
        #expect(String(decoding: batched.out, as: UTF8.self) == expected)
        let oneByOne = try Self.run(["export", "webdriver", "-"], environment: ["TMPDIR": folder + "/missing"], input: trace)
        #expect(oneByOne.status == 0 && oneByOne.out == batched.out)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/spool").isEmpty)
    }

    /// Root reads every folder, so the unreadable one is made for another user, who runs verify.
    /// (The files are root's: that user may not open them without updating their access time,
    /// and the pan fixture passing shows that verify then opens them as usual.)
    @Test func anUnreadableFolderFailsVerifyNamingIt() throws {
        let root = temporaryDirectory()
        chmod(root, 0o755)
        let traces = root + "/traces"
        mkdirs(traces + "/pan")
        mkdirs(traces + "/locked")
        for name in ["drag.trace.json", "drag.expected.txt", "scene.json"] {
            try copy(packageRoot + "/traces/pan/" + name, traces + "/pan/" + name)
            chmod(traces + "/pan/" + name, 0o644)
        }
        chmod(traces, 0o755)
        chmod(traces + "/pan", 0o755)
        chmod(traces + "/locked", 0)
        defer { chmod(traces + "/locked", 0o755) }
        var prefix: [String] = []
        if geteuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                Issue.record("run as root without setpriv: cannot make a folder unreadable")
                return
            }
            prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        let run = try Self.run(["verify", traces, "--record", "never"], prefix: prefix)
        #expect(run.status == 1, "\(run.err)")
        #expect(String(decoding: run.out, as: UTF8.self) ==
                "FAIL \(traces)/locked: folder cannot be read (permission denied); its fixtures were skipped\n1 passed, 1 failed\n")
    }
}
