#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TouchTrace

enum RenderCommand {
    static let command = Command(
        name: "render",
        summary: "Draw a trace and its records as an SVG picture or an HTML page",
        usage: "render TRACE [--scene FILE] [--output FILE.svg|FILE.html]",
        discussion: """
        Replays TRACE with its scene (chosen as replay chooses it) and draws it: the views' frames
        and names; each touch's path in its own colour, a dot at touch-down and a ring at lift; a
        mark where each record happens, labelled with its new state (or its event), placed at the
        point the record names, else where its touch was, else inside its view; below, a timeline
        with one lane per recognizer and control showing its states over time, in seconds.
        Labels that would pile up are left to the marks' tooltips.
        A trace larger than a picture can show (more than 100,000 touch samples, 10,000
        records or 1,000 touches) is drawn thinned, in bounded memory and about 20 MB of SVG
        at most: paths at the picture's resolution, touch-downs, lifts and marks grouped (each
        group's tooltip says how many it stands for), the timeline a pixel column at a time.
        Without --output the SVG goes to stdout; --output X.svg writes the same bytes, --output
        X.html a self-contained page that loads nothing from elsewhere. Files are written
        atomically. The same trace always gives the same bytes.
        Exit code: 0 done, 2 a usage error or a bad trace or scene, 74 the output cannot be written.
        """,
        options: [
            .scene,
            OptionSpec(name: "output", value: "FILE", help: "Write FILE.svg (the SVG) or FILE.html (a page holding it) instead of stdout"),
        ],
        examples: [
            ("render traces/spots/five-fingers.trace.json --output five-fingers.svg", "Draw five fingers and their spots as SVG."),
            ("render traces/checkmark/recognized.trace.json --output checkmark.html", "A page to open in a browser."),
            ("render my.trace.json --scene traces/knob/scene.json > my.svg", "Use a scene file; the SVG goes to stdout."),
        ],
        run: run)

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        guard let tracePath = args.oneTrace(of: command, console) else { return .usage }
        let sceneFile = args.value("scene")
        var page = false
        if let output = args.value("output") {
            if output.hasSuffix(".html") || output.hasSuffix(".htm") {
                page = true
            } else if !output.hasSuffix(".svg") {
                console.printError(CommandLineTool.usageMessage(command, "--output must name a .svg or .html file, found '\(output)'"))
                return .usage
            }
            do throws(UsageError) {
                try OutputSafety.check(output, option: "--output", inputs: ReplayCommand.inputs(tracePath: tracePath, sceneFile: sceneFile))
            } catch {
                console.printError(CommandLineTool.usageMessage(command, error.message))
                return .usage
            }
        }
        let loaded: (trace: Trace, scene: Scene)
        switch loadTraceAndScene(tracePath, sceneFile: sceneFile, console: console, registry: args.registry) {
        case .success(let value): loaded = value
        case .failure(let code): return code
        }
        // Past what a screen can show, the picture is thinned (TraceOverview).
        let text = page ? HTMLPage.picture(of: loaded.trace, scene: loaded.scene)
                        : TracePicture.svg(of: loaded.trace, scene: loaded.scene)
        guard let output = args.value("output") else {
            return console.writeResult(text, newline: false, command: command.name)
        }
        do {
            try AtomicFile.write(Array(text.utf8), to: output)
        } catch {
            console.printError("touchtrace render: \(error)")
            return .outputFailed
        }
        return .success
    }
}
