import TouchTrace

enum ExportCommand {
    static let command = Command(
        name: "export",
        summary: "Write a trace for devices, browsers and test drivers to replay",
        usage: "export evemu|getevent|webdriver|cdp TRACE [--output FILE] [--screen WxH] [--device-ranges FILE] [--time-origin S]",
        discussion: """
        Writes the touches of TRACE (any version, events or strokes; the scene is not needed) in
        the format of another tool, so that a real device, a browser or a test driver replays it:
          evemu      an evemu-record file of a multitouch (protocol B) touch screen, for
                     evemu-play on Linux
          getevent   'getevent -lt' text after its 'getevent -lp' ranges block, for Android's
                     sendevent and uinput replay tools
          webdriver  W3C WebDriver Actions, the body of POST /session/{id}/actions, for Appium
                     (XCUITest, UiAutomator2), Selenium and chromedriver
          cdp        JSON Lines of Chrome DevTools Protocol Input.dispatchTouchEvent calls, for
                     Puppeteer and Playwright CDP sessions

        evemu and getevent: the device's x and y axes cover the trace's screen (or --screen) at
        16 units a point (0 ... 16*W-1), with 10 slots, and ABS_MT_PRESSURE (0 ... 255, force
        from 0 to the trace's maximumForce, else 1) and ABS_MT_TOUCH_MAJOR (0 ... 255 units of
        the x axis, twice majorRadius) when the trace has force or majorRadius; --device-ranges
        takes the axes and slots of a real device from its 'getevent -lp' dump or evemu file.
        Positions round to the nearest unit, times to the microsecond from the first event.
        'touchtrace import F' of an 'export F' gives the trace back (with --screen and, when the
        trace has force, --maximum-force as the export had them).
        webdriver: one pointer source a touch id (touch1 for the id 1, touch-b for "b"; a
        reused id keeps its source), whole CSS pixels (= points), pauses of whole milliseconds
        that keep the sources in step.
        cdp: timestamps are the trace's seconds plus --time-origin.

        What a format cannot say is refused or changed with a warning on stderr: more touches
        down at once than the device's slots is an error at the touch (PATH:LINE:COLUMN, exit 2,
        nothing written); a cancelled touch is lifted in evemu, getevent and webdriver (they have
        no cancel) and in cdp when others stay down, with a warning saying so. Touches still down
        at the end of the trace stay down in evemu and getevent and are lifted in webdriver.
        The same trace gives the same bytes. Without --output the export goes to stdout.
        The export streams: the trace is read once to check it and gather the warnings, then
        again as it is written (webdriver: once more for each 32 pointer sources, the first of
        them written as read, the others kept in unnamed temporary files in $TMPDIR, or /tmp,
        until the pass ends, then copied out in order), so memory stays small at any size; a
        refused export writes nothing, and --output FILE appears whole.
        TRACE - reads standard input, as does a pipe given by its path (/dev/stdin); a stream
        larger than 1 MiB is copied once into an unnamed temporary file in $TMPDIR (or /tmp),
        which every pass reads, so memory stays small there too; messages name it <stdin>.
        """,
        options: [
            OptionSpec(name: "output", value: "FILE", help: "Write to FILE (atomically) instead of stdout"),
            OptionSpec(name: "screen", value: "WxH", help: "The screen in points the device's axes cover (default: the trace's screen)"),
            OptionSpec(name: "device-ranges", value: "FILE", help: "Export for the device of a 'getevent -lp' dump or an evemu file"),
            OptionSpec(name: "time-origin", value: "S", help: "Seconds added to the trace's times in cdp timestamps (default 0)"),
        ],
        examples: [
            ("export evemu traces/pinch/out.trace.json --output pinch.evemu",
             "An evemu-record file: 'sudo evemu-device pinch.evemu' makes the device, then\n      'sudo evemu-play /dev/input/eventN < pinch.evemu' replays it (Linux)."),
            ("export getevent swipe.trace.json --device-ranges ranges.txt --screen 411.43x914.29 --output swipe.getevent",
             "getevent -lt text for the phone whose 'getevent -lp' dump is ranges.txt."),
            ("export webdriver traces/spots/five-fingers.trace.json --output five.actions.json",
             "WebDriver Actions: POST them to /session/{id}/actions (Appium, Selenium, chromedriver)."),
            ("export cdp traces/pan/fling-diagonal.trace.json --output fling.cdp.jsonl",
             "Input.dispatchTouchEvent calls, one a line, for Puppeteer or Playwright."),
        ],
        run: run)

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard args.positionals.count == 2 else {
            let message = args.positionals.isEmpty ? "missing FORMAT and TRACE"
                : args.positionals.count == 1 ? "missing TRACE (or FORMAT: evemu, getevent, webdriver or cdp)"
                : "expected FORMAT and TRACE, got \(args.positionals.count) arguments"
            console.printError(CommandLineTool.usageMessage(command, message))
            return .usage
        }
        guard let format = ExportFormat(rawValue: args.positionals[0]) else {
            var message = "unknown format '\(args.positionals[0])' (evemu, getevent, webdriver or cdp)"
            if let suggestion = closest(args.positionals[0], among: ExportFormat.allCases.map(\.rawValue)) { message += "; did you mean '\(suggestion)'?" }
            console.printError(CommandLineTool.usageMessage(command, message))
            return .usage
        }
        let tracePath = args.positionals[1]
        var options = ExportOptions()
        if let text = args.value("screen") {
            guard let screen = ImportCommand.parseScreen(text) else {
                console.printError(CommandLineTool.usageMessage(command, "--screen must be WIDTHxHEIGHT in points, each above 0 and at most 10000000, as 390x844; found '\(text)'"))
                return .usage
            }
            options.screen = screen
        }
        if let text = args.value("time-origin") {
            guard let s = Double(text), s.isFinite, abs(s) <= 1e10 else {
                console.printError(CommandLineTool.usageMessage(command, "--time-origin must be a number of seconds within ±10000000000, as 1700000000.5; found '\(text)'"))
                return .usage
            }
            guard format == .cdp else {
                console.printError(CommandLineTool.usageMessage(command, "--time-origin is for cdp exports (evemu and getevent times start at 0, webdriver has pauses)"))
                return .usage
            }
            options.timeOrigin = s
        }
        let rangesPath = args.value("device-ranges")
        if rangesPath != nil && format != .evemu && format != .getevent {
            console.printError(CommandLineTool.usageMessage(command, "--device-ranges is for evemu and getevent exports (\(format.rawValue) positions are CSS pixels, the trace's points)"))
            return .usage
        }
        if args.value("screen") != nil && format != .evemu && format != .getevent {
            console.printError(CommandLineTool.usageMessage(command, "--screen is for evemu and getevent exports (\(format.rawValue) positions are CSS pixels, the trace's points)"))
            return .usage
        }
        let output = args.value("output").flatMap { $0 == "-" ? nil : $0 }
        if let output {
            do throws(UsageError) {
                try OutputSafety.check(output, option: "--output", inputs: [tracePath] + (rangesPath.map { [$0] } ?? []))
            } catch {
                console.printError(CommandLineTool.usageMessage(command, error.message))
                return .usage
            }
        }
        let trace: Trace
        do {
            trace = try Trace.read(path: tracePath)
            if let rangesPath { options.deviceRanges = try SourceFile.read(path: rangesPath) }
        } catch let error as TraceErrors {
            console.report(error)
            return .usage
        } catch {
            console.printError("\(error)")
            return .usage
        }
        for warning in trace.summary.warnings { console.printError(warning.description) }
        // The events are read once to check the export and gather its warnings, and again as
        // it is written: a refused export writes nothing, and memory stays flat.
        let prepared: PreparedExport
        do {
            prepared = try TraceExporter.prepare(trace, format: format, options: options)
        } catch {
            console.report(error)
            return .usage
        }
        for warning in prepared.warnings { console.printError(warning.description) }
        var file: AtomicFile?
        do {
            if let output {
                let opened = try AtomicFile(path: output)
                file = opened
                try prepared.write(to: opened)
                try opened.commit()
            } else {
                try prepared.write(to: console.out)
            }
        } catch let error as OutputError where error.isBrokenPipe {
            file?.abort()
            return .success
        } catch {
            file?.abort()
            let path = output ?? "standard output"
            let text = "\(error)"
            console.printError("touchtrace export: " + (text.contains(path) ? text : "\(printable(path)): \(text)"))
            return .outputFailed
        }
        return .success
    }
}
