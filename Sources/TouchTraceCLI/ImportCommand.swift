#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TouchTrace

enum ImportCommand {
    static let command = Command(
        name: "import",
        summary: "Make a trace from a recording of a real touch screen",
        usage: "import getevent|evemu|libinput LOG [--screen WxH] [--output FILE] [--force] [--device PATH] [--ranges FILE] [--maximum-force F]",
        discussion: """
        Reads a recording of a touch screen's kernel events and writes a version 2 trace (events
        form, times from 0 at the first touch, touch ids 1, 2, ... in touch-down order) that
        replays as the screen was touched. Multitouch protocol B (slots), protocol A
        (SYN_MT_REPORT) and single-touch screens (BTN_TOUCH) are read; SYN_DROPPED cancels every
        touch down. Without --screen, points are device units unchanged; with it, the axis ranges
        are mapped onto the screen: x = (v - min) * W / (max - min + 1), y likewise.
        In protocol B logs, ABS_MT_PRESSURE becomes each touch's force (the axis from its
        minimum to its maximum as 0 to the trace's maximumForce, --maximum-force, default 1)
        when the log gives its range; ABS_MT_TOUCH_MAJOR becomes majorRadius (half of it, in
        points at --screen's scale). getevent -l value labels (DOWN, UP, MT_TOOL_FINGER, ...)
        and -r rates are read.

        Making a recording:
          Android (getevent): with the phone connected over adb,
            adb shell getevent -lp > ranges.txt      the devices and their axis ranges
            adb shell getevent -lt > touches.log     touch the screen, then Ctrl-C
          (add the device, as in 'getevent -lt /dev/input/event2', to record only the touch
          screen; getevent -lp lists which one it is).
          Linux (evemu):
            sudo evemu-record > touches.evemu        pick the touch screen, touch, then Ctrl-C
          Linux (libinput):
            sudo libinput record -o touches.yml      pick the touch screen, touch, then Ctrl-C

        A log with several touch devices needs --device (the error lists them). A log whose last
        frame has no SYN_REPORT loses that frame, with a warning. Every line that cannot be read
        is reported as PATH:LINE:COLUMN: message, with exit code 2 and no output file. A log
        of any size is read in the same memory (twice, a window of lines at a time) and the
        trace written as it is made, into a temporary file put in place at the end; a log from
        a pipe (LOG given as -, /dev/stdin or a FIFO) is first kept in an unnamed temporary
        file in $TMPDIR (else /tmp), then read as a file is, with the same messages.
        An --output that exists is not replaced unless --force is given; an expected file
        (*.expected.txt), a scene file or a file the command reads is never written.
        """,
        options: [
            OptionSpec(name: "screen", value: "WxH", help: "Map the device's axis ranges onto a screen of W by H points (for example 390x844)"),
            OptionSpec(name: "output", value: "FILE", help: "Write the trace to FILE (atomically) instead of stdout"),
            OptionSpec(name: "force", value: nil, help: "Replace an --output trace that exists already"),
            OptionSpec(name: "device", value: "PATH", help: "The device to import, as the log names it (/dev/input/event2)"),
            OptionSpec(name: "ranges", value: "FILE", help: "A 'getevent -lp' (or -p) dump with the axis ranges (getevent only)"),
            OptionSpec(name: "maximum-force", value: "F", help: "The force that the top of the pressure axis stands for (the trace's maximumForce; default 1)"),
        ],
        examples: [
            ("import getevent touches.log --ranges ranges.txt --screen 412x915 --output swipe.trace.json",
             "An Android recording, mapped onto the phone's screen in points."),
            ("import getevent touches.log --device /dev/input/event3 --output pinch.trace.json",
             "Choose the touch screen when the log holds several devices."),
            ("import evemu touches.evemu --screen 1280x800 --output drag.trace.json",
             "An evemu-record recording; its A: lines give the ranges."),
            ("import libinput touches.yml --output tap.trace.json", "A libinput record recording, in device units."),
            ("import getevent touches.log | touchtrace replay -", "Import and replay at once."),
        ],
        run: run)

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard args.positionals.count == 2 else {
            let message = args.positionals.isEmpty ? "missing FORMAT and LOG"
                : args.positionals.count == 1 ? "missing LOG (or FORMAT: getevent, evemu or libinput)"
                : "expected FORMAT and LOG, got \(args.positionals.count) arguments"
            console.printError(CommandLineTool.usageMessage(command, message))
            return .usage
        }
        guard let format = LogFormat(rawValue: args.positionals[0]) else {
            var message = "unknown format '\(args.positionals[0])' (getevent, evemu or libinput)"
            if let suggestion = closest(args.positionals[0], among: LogFormat.allCases.map(\.rawValue)) { message += "; did you mean '\(suggestion)'?" }
            console.printError(CommandLineTool.usageMessage(command, message))
            return .usage
        }
        let logPath = args.positionals[1]
        var options = ImportOptions(device: args.value("device"))
        if let text = args.value("screen") {
            guard let screen = parseScreen(text) else {
                console.printError(CommandLineTool.usageMessage(command, "--screen must be WIDTHxHEIGHT in points, each above 0 and at most 10000000, as 390x844; found '\(text)'"))
                return .usage
            }
            options.screen = screen
        }
        if let text = args.value("maximum-force") {
            guard let f = Double(text), f.isFinite, f > 0, f <= 1e7 else {
                console.printError(CommandLineTool.usageMessage(command, "--maximum-force must be a number above 0 and at most 10000000, as 6.67; found '\(text)'"))
                return .usage
            }
            options.maximumForce = f
        }
        if let output = args.value("output"), output != "-" {
            // It writes a trace, so a *.trace.json is what it is for; never a scene file, nor
            // a file it reads.
            if OutputSafety.protectedName(output) != nil && !output.lowercased().hasSuffix(Fixture.traceSuffix) {
                console.printError(CommandLineTool.usageMessage(command, "--output \(shellWord(output)) would overwrite a scene file (scene.json); give a NAME.trace.json"))
                return .usage
            }
            if output.lowercased().hasSuffix(Fixture.expectedSuffix) {
                console.printError(CommandLineTool.usageMessage(command, "--output \(shellWord(output)) would overwrite an expected transcript (*\(Fixture.expectedSuffix)) with a trace; nothing was written (give a NAME.trace.json)"))
                return .usage
            }
            for (input, role) in [(logPath, "the log"), (args.value("ranges"), "the ranges file")] {
                if let input, sameFile(output, input) {
                    console.printError(CommandLineTool.usageMessage(command, "--output \(output) is \(role) this command reads; give another file"))
                    return .usage
                }
            }
        }
        if let output = args.value("output"), output != "-", !args.flag("force"), OutputSafety.exists(output) || isLink(output),
           !OutputSafety.isDevice(output) {
            console.printError(CommandLineTool.usageMessage(command, "--output \(shellWord(output)) exists; nothing was written (give --force to replace it)"))
            return .usage
        }
        do {
            if let ranges = args.value("ranges") { options.ranges = try SourceFile.read(path: ranges) }
        } catch {
            console.printError(error.description)
            return .usage
        }
        // The trace is written as the log is read (a log of any size takes the same memory):
        // into the output's temporary file, renamed into place at the end, or, for standard
        // output, into an unnamed temporary file copied out at the end; so that a problem
        // found late in the log leaves no output at all.
        let outputPath = args.value("output").flatMap { $0 == "-" ? nil : $0 }
        var output: SpooledOutput
        do {
            output = try SpooledOutput(file: outputPath.map { try AtomicFile(path: $0) })
        } catch {
            let path = outputPath ?? "a temporary file"
            let text = "\(error)"
            console.printError("touchtrace import: " + (text.contains(path) ? text : "\(printable(path)): \(text)"))
            return .outputFailed
        }
        let report: ImportReport
        do {
            report = try TraceImporter.importLog(path: logPath, format: format, options: options, to: &output)
        } catch {
            output.abort()
            console.report(error)
            return .usage
        }
        for warning in report.warnings { console.printError(warning.description) }
        do {
            try output.finish(copyingTo: console.out)
        } catch let error as OutputError where error.isBrokenPipe {
            return .success
        } catch {
            let path = outputPath ?? "standard output"
            let text = "\(error)"
            console.printError("touchtrace import: " + (text.contains(path) ? text : "\(printable(path)): \(text)"))
            return .outputFailed
        }
        return .success
    }

    /// `WxH` with both sides finite, above 0 and within the trace's coordinate limit.
    static func parseScreen(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w > 0, h > 0, w <= 1e7, h <= 1e7 else { return nil }
        return (w, h)
    }

    /// Whether `path` is a symbolic link (to anything, or to nothing).
    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Whether two paths name the same existing file.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}

/// A temporary file that could not be made or read back.
struct SpoolError: Error, CustomStringConvertible {
    let description: String
}

/// Where `import` writes a trace as it is made: the output file's temporary file (renamed into
/// place by `finish`), or, for standard output, an unnamed temporary file whose bytes `finish`
/// copies out; `abort` leaves nothing. A write that fails is remembered and reported by `finish`.
struct SpooledOutput: ImportOutput {
    private let file: AtomicFile?
    private let spool: UnnamedTemporaryFile?
    private var failure: (any Error)?

    init(file: AtomicFile?) throws {
        self.file = file
        if file != nil {
            spool = nil
            return
        }
        do {
            spool = try UnnamedTemporaryFile(prefix: "touchtrace-import")
        } catch {
            throw SpoolError(description: "a temporary file: cannot write: \(error)")
        }
    }

    mutating func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        do {
            if let file {
                try file.write(bytes)
            } else {
                try spool?.write(bytes)
            }
        } catch {
            failure = error
        }
    }

    /// Puts the trace in place, or copies it to `out` when it goes to standard output.
    func finish(copyingTo out: ByteOutput) throws {
        if let failure {
            abort()
            throw failure
        }
        if let file {
            try file.commit()
            return
        }
        do {
            try spool?.copyAll(to: out)
        } catch let error as FileReadFailure {
            throw SpoolError(description: "a temporary file: cannot read: \(error.reason)")
        }
    }

    /// Leaves no output.
    func abort() {
        file?.abort()
    }
}
