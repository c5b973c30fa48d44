#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// `touchtrace import` on the command line: output to a file or stdout, usage errors, bad logs.
@Suite struct ImportCommandTests {
    static let log = """
    [ 5000.000000] /dev/input/event1: EV_ABS       ABS_MT_TRACKING_ID   00000001
    [ 5000.000000] /dev/input/event1: EV_ABS       ABS_MT_POSITION_X    00000064
    [ 5000.000000] /dev/input/event1: EV_ABS       ABS_MT_POSITION_Y    000000c8
    [ 5000.000000] /dev/input/event1: EV_SYN       SYN_REPORT           00000000
    [ 5000.012500] /dev/input/event1: EV_ABS       ABS_MT_POSITION_X    0000006e
    [ 5000.012500] /dev/input/event1: EV_SYN       SYN_REPORT           00000000
    [ 5000.025000] /dev/input/event1: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
    [ 5000.025000] /dev/input/event1: EV_SYN       SYN_REPORT           00000000

    """

    /// 0x64 = 100, 0xc8 = 200, 0x6e = 110; times 0, 12.5 ms and 25 ms after the touch-down.
    static let trace = """
    {"version": 2,
    "description": "imported by touchtrace import getevent from /dev/input/event1",
    "events": [
    {"t": 0.0, "touches": [{"id": 1, "phase": "began", "x": 100.0, "y": 200.0}]},
    {"t": 0.0125, "touches": [{"id": 1, "phase": "moved", "x": 110.0, "y": 200.0}]},
    {"t": 0.025, "touches": [{"id": 1, "phase": "ended", "x": 110.0, "y": 200.0}]}
    ]}

    """

    // Messages point at the event's code, column 48: "[ 5000.000000] /dev/input/event1: "
    // is 34 characters and "EV_ABS" with its padding 13 more.

    func folderWithLog(_ text: String = log) throws -> String {
        let folder = temporaryDirectory()
        try writeText(text, to: folder + "/touches.log")
        return folder
    }

    @Test func writesTheTraceToStdoutOrAFile() throws {
        let folder = try folderWithLog()
        let out = touchtrace("import", "getevent", folder + "/touches.log")
        #expect(out.code == 0 && out.err.isEmpty)
        #expect(out.out == Self.trace)
        let file = touchtrace("import", "getevent", folder + "/touches.log", "--output", folder + "/tap.trace.json")
        #expect(file.code == 0 && file.out.isEmpty)
        #expect(try readText(folder + "/tap.trace.json") == Self.trace)
        let replay = touchtrace("replay", folder + "/tap.trace.json")
        #expect(replay.code == 0)
        #expect(replay.out.hasPrefix("# touchtrace transcript v2\n0.0000 screen.checkmark"))
    }

    /// An existing trace is replaced only with --force; an expected file never.
    @Test func anOutputThatExistsIsNotReplacedWithoutForce() throws {
        let folder = try folderWithLog()
        let log = folder + "/touches.log"
        let fixture = folder + "/drag.trace.json", expected = folder + "/drag.expected.txt"
        try copy(packageRoot + "/traces/pan/drag.trace.json", fixture)
        try copy(packageRoot + "/traces/pan/drag.expected.txt", expected)
        let before = (try readText(fixture), try readText(expected))
        let replace = touchtrace("import", "getevent", log, "--output", fixture)
        #expect(replace.code == 2 && replace.out.isEmpty)
        #expect(replace.err.hasPrefix("touchtrace import: --output \(fixture) exists; nothing was written (give --force to replace it)\n"), "\(replace.err)")
        for force in [[], ["--force"]] {
            let over = touchtrace(["import", "getevent", log, "--output", expected] + force)
            #expect(over.code == 2 && over.err.hasPrefix("touchtrace import: --output \(expected) would overwrite an expected transcript (*.expected.txt) with a trace; nothing was written"), "\(over.err)")
        }
        #expect(try readText(fixture) == before.0 && readText(expected) == before.1)
        let forced = touchtrace("import", "getevent", log, "--output", fixture, "--force")
        #expect(forced.code == 0 && forced.err.isEmpty)
        #expect(try readText(fixture) == Self.trace)
        // A device is written to, not replaced.
        #expect(touchtrace("import", "getevent", log, "--output", "/dev/null").code == 0)
    }

    @Test func badLogsExitTwoWithALocationAndNoOutput() throws {
        let broken = Self.log.replacingOccurrences(of: "ABS_MT_POSITION_Y", with: "ABS_MT_POSITON_Y")
        let folder = try folderWithLog(broken)
        let run = touchtrace("import", "getevent", folder + "/touches.log", "--output", folder + "/out.trace.json")
        #expect(run.code == 2 && run.out.isEmpty)
        #expect(run.err == "\(folder)/touches.log:3:48: unknown event code 'ABS_MT_POSITON_Y' for EV_ABS\n")
        #expect(!Scene.fileExists(folder + "/out.trace.json"))
        let missing = touchtrace("import", "evemu", folder + "/none.evemu")
        #expect(missing.code == 2 && missing.err == "\(folder)/none.evemu:1:1: cannot read: no such file or directory\n")
    }

    @Test func aProblemLateInALongLogLeavesNoOutput() throws {
        // A touch moves for 30 000 frames (about 4 MB of log, several of the windows the log is
        // read in, and far more trace than is written in one piece); the last frame's time goes
        // back. By then most of the trace has been written: to a temporary file that is deleted.
        var lines = ["[    1.000000] /dev/input/event1: EV_ABS       ABS_MT_TRACKING_ID   00000001"]
        for k in 0..<30_000 {
            let t = "[" + String(repeating: " ", count: 5) + String(1 + k / 1000) + "." + String(1_000_000 + (k % 1000) * 1000).dropFirst() + "]"
            lines.append("\(t) /dev/input/event1: EV_ABS       ABS_MT_POSITION_X    " + String(String(0x1_0000_0000 + k % 1000, radix: 16).dropFirst()))
            lines.append("\(t) /dev/input/event1: EV_ABS       ABS_MT_POSITION_Y    00000100")
            lines.append("\(t) /dev/input/event1: EV_SYN       SYN_REPORT           00000000")
        }
        lines.append("[    2.000000] /dev/input/event1: EV_SYN       SYN_REPORT           00000000")
        let folder = try folderWithLog(lines.joined(separator: "\n") + "\n")
        // Line 90 002 (the tracking id, 3 lines a frame, then the late frame); column 48.
        let message = "\(folder)/touches.log:90002:48: time goes backwards: 2.000000000 s comes after 30.999000000 s\n"
        let toFile = touchtrace("import", "getevent", folder + "/touches.log", "--output", folder + "/out.trace.json")
        #expect(toFile.code == 2 && toFile.out.isEmpty)
        #expect(toFile.err == message)
        // Neither the output nor its temporary file (named as AtomicFile names it) is left.
        #expect(!Scene.fileExists(folder + "/out.trace.json"))
        #expect(!Scene.fileExists(folder + "/.out.trace.json.\(getpid())-0.tmp"))
        let toStdout = touchtrace("import", "getevent", folder + "/touches.log")
        #expect(toStdout.code == 2 && toStdout.out.isEmpty)
        #expect(toStdout.err == message)
        // Without the late frame, the same log imports: its 30 000 frames.
        try writeText(lines.dropLast().joined(separator: "\n") + "\n", to: folder + "/touches.log")
        let good = touchtrace("import", "getevent", folder + "/touches.log", "--output", folder + "/out.trace.json")
        #expect(good.code == 0)
        let trace = try readText(folder + "/out.trace.json")
        #expect(trace.split(separator: "\n").count == 30_000 + 4)
    }

    @Test func anUnfinishedLastFrameIsAWarning() throws {
        let folder = try folderWithLog(Self.log + "[ 5000.030000] /dev/input/event1: EV_ABS       ABS_MT_TRACKING_ID   00000002\n")
        let run = touchtrace("import", "getevent", folder + "/touches.log")
        #expect(run.code == 0)
        #expect(run.out == Self.trace)
        #expect(run.err == "\(folder)/touches.log:9:48: warning: the log ends without a SYN_REPORT after these events; the unfinished last frame is left out\n")
    }

    @Test func usageErrors() throws {
        let folder = try folderWithLog()
        let log = folder + "/touches.log"
        let cases: [([String], String)] = [
            (["import"], "missing FORMAT and LOG"),
            (["import", "getevent"], "missing LOG (or FORMAT: getevent, evemu or libinput)"),
            (["import", "getevnet", log], "unknown format 'getevnet' (getevent, evemu or libinput); did you mean 'getevent'?"),
            (["import", "getevent", log, "--screen", "390"], "--screen must be WIDTHxHEIGHT in points, each above 0 and at most 10000000, as 390x844; found '390'"),
            (["import", "getevent", log, "--screen", "0x10"], "--screen must be WIDTHxHEIGHT in points, each above 0 and at most 10000000, as 390x844; found '0x10'"),
            (["import", "getevent", log, "--output", log], "--output \(log) is the log this command reads; give another file"),
        ]
        for (arguments, message) in cases {
            let run = touchtrace(arguments)
            #expect(run.code == 2, "\(arguments)")
            #expect(run.err.hasPrefix("touchtrace import: \(message)\nusage: touchtrace import "), "\(arguments): \(run.err)")
        }
        #expect(try readText(log) == Self.log, "the log is left alone")
        let screen = touchtrace("import", "getevent", log, "--screen", "390x844")
        #expect(screen.code == 2)
        #expect(screen.err == "\(log):1:1: --screen needs the range of ABS_MT_POSITION_X of /dev/input/event1, which this log does not give (give a `getevent -lp` dump with --ranges FILE)\n")
        try writeText("devices:\n", to: folder + "/r.yml")
        let ranges = touchtrace("import", "libinput", folder + "/r.yml", "--ranges", log)
        #expect(ranges.code == 2 && ranges.err == "\(folder)/r.yml:1:1: --ranges is for getevent logs; libinput logs hold their own axis ranges\n")
    }

    @Test func rangesFromAFileMapOntoTheScreen() throws {
        let folder = try folderWithLog()
        try writeText("""
        add device 1: /dev/input/event1
          name:     "touch"
          events:
            ABS (0003): 0035  : value 0, min 0, max 399, fuzz 0, flat 0
                        0036  : value 0, min 0, max 799, fuzz 0, flat 0

        """, to: folder + "/ranges.txt")
        // x = 100·200/400 = 50, 110·200/400 = 55; y = 200·400/800 = 100.
        let run = touchtrace("import", "getevent", folder + "/touches.log", "--ranges", folder + "/ranges.txt", "--screen", "200x400")
        #expect(run.code == 0)
        #expect(run.out.contains("\"screen\": {\"width\": 200.0, \"height\": 400.0},\n"))
        #expect(run.out.contains("{\"t\": 0.0125, \"touches\": [{\"id\": 1, \"phase\": \"moved\", \"x\": 55.0, \"y\": 100.0}]}"))
    }

    @Test func helpShowsHowToRecordOnEachDevice() {
        let help = touchtrace("help", "import")
        #expect(help.code == 0)
        for needle in ["adb shell getevent -lt", "adb shell getevent -lp", "evemu-record", "libinput record", "EXAMPLES", "--ranges FILE", "--device PATH"] {
            #expect(help.out.contains(needle), "\(needle)")
        }
        #expect(touchtrace("--help").out.contains("  import "))
    }

    @Test func logsCutAnywhereExitZeroOrTwoWithALocationAndNothingHalfWritten() throws {
        let folder = temporaryDirectory()
        let bytes = Array(Self.log.utf8)
        var codes: [Int32: Int] = [:]
        for cut in stride(from: 0, through: bytes.count, by: 5) {
            let log = folder + "/cut-\(cut).log", output = folder + "/cut-\(cut).trace.json"
            try AtomicFile.write(Array(bytes.prefix(cut)), to: log)
            let run = touchtrace("import", "getevent", log, "--output", output)
            codes[run.code, default: 0] += 1
            if run.code == 2 {
                #expect(!Scene.fileExists(output))
                let location = run.err.dropFirst(log.count + 1).prefix { $0 != " " }
                let parts = location.dropLast().split(separator: ":")
                #expect(run.err.hasPrefix(log + ":") && location.hasSuffix(":") && parts.count == 2 && parts.allSatisfy { Int($0) != nil },
                        "cut at \(cut): \(run.err)")
            } else {
                #expect(run.code == 0, "cut at \(cut): \(run.code)")
                #expect(throws: Never.self) { try Trace.read(path: output) }
            }
        }
        // Cut before the first touch's frame ends, nothing can be imported; cut after it, the
        // complete frames are (a cut inside a line is an error, one at a line end a warning).
        #expect(codes[0, default: 0] > 0 && codes[2, default: 0] > 0)
        #expect(codes.keys.allSatisfy { $0 == 0 || $0 == 2 })
    }
}
