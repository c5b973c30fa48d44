import TouchTrace

/// One subcommand: its help and what it runs.
struct Command: Sendable {
    var name: String
    /// One line for the command list.
    var summary: String
    /// The synopsis, without the program name.
    var usage: String
    /// What it does, in a few lines.
    var discussion: String
    var options: [OptionSpec]
    /// Example invocations (without the program name) and what each does.
    var examples: [(String, String)]
    var run: @Sendable (ParsedArguments, Console) -> ExitCode
}

/// The `touchtrace` command line: parses arguments, runs a command, returns its exit code.
public enum CommandLineTool {
    public static let version = "1.0.0"

    static let commands: [Command] = [
        ReplayCommand.command,
        DiffCommand.command,
        VerifyCommand.command,
        ValidateCommand.command,
        EvalCommand.command,
        ImportCommand.command,
        ExportCommand.command,
        RenderCommand.command,
        BenchCommand.command,
        HelpCommand.command,
    ]

    /// Runs the tool with `arguments` (the first is the program name, as in `CommandLine.arguments`)
    /// and returns its exit code. Scenes may name the types of `registry`: a program with
    /// recognizers or controls of its own passes `Registry.standard` with them registered.
    ///
    /// ```swift
    /// var registry = Registry.standard
    /// try registry.register(.edgePan)
    /// exit(CommandLineTool.run(CommandLine.arguments, console: Console.standard(), registry: registry))
    /// ```
    public static func run(_ arguments: [String], console: Console, registry: Registry = .standard) -> Int32 {
        let args = arguments.dropFirst()
        guard let first = args.first else {
            console.printError(overview())
            return ExitCode.usage.rawValue
        }
        switch first {
        case "-h", "--help":
            console.print(overview())
            return ExitCode.success.rawValue
        case "--version":
            console.print("touchtrace \(version)")
            return ExitCode.success.rawValue
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            var message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"
            if let suggestion = closest(first, among: commands.map(\.name)) { message += " (did you mean '\(suggestion)'?)" }
            console.printError("touchtrace: \(message)\nRun 'touchtrace --help' for the commands.")
            return ExitCode.usage.rawValue
        }
        var parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(args.dropFirst(), options: command.options)
            parsed.registry = registry
        } catch {
            console.printError(usageMessage(command, error.message))
            return ExitCode.usage.rawValue
        }
        if parsed.flag("help") {
            console.print(help(for: command))
            return ExitCode.success.rawValue
        }
        return command.run(parsed, console).rawValue
    }

    static func usageMessage(_ command: Command, _ message: String) -> String {
        "touchtrace \(command.name): \(message)\nusage: touchtrace \(command.usage)\nRun 'touchtrace help \(command.name)' for more."
    }

    static func overview() -> String {
        var lines = [
            "touchtrace \(version) — replay recorded multi-touch traces through gesture recognizers and controls",
            "",
            "USAGE",
            "  touchtrace <command> [options]",
            "",
            "COMMANDS",
        ]
        let width = commands.map(\.name.count).max() ?? 0
        for c in commands {
            lines.append("  " + c.name.padding(toLength: width) + "   " + c.summary)
        }
        lines += [
            "",
            "OPTIONS",
            "  -h, --help   Show help (also after a command: touchtrace replay --help)",
            "  --version    Show the version",
            "",
            "EXAMPLES",
        ]
        for c in commands where c.name != "help" {
            if let example = c.examples.first { lines.append("  touchtrace " + example.0) }
        }
        lines += [
            "",
            "Exit codes: 0 all good; 1 a difference or a failed fixture; 2 a usage error, or an",
            "unreadable, malformed or invalid input; 74 an output that could not be written;",
            "70 an internal error.",
            "Run 'touchtrace help <command>' for a command's options, 'touchtrace help scene' for the",
            "recognizer and control types a scene can name.",
        ]
        return lines.joined(separator: "\n")
    }

    static func help(for command: Command) -> String {
        var lines = ["touchtrace \(command.name) — \(command.summary)", "", "USAGE", "  touchtrace \(command.usage)", ""]
        lines += command.discussion.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
        if !command.options.isEmpty {
            lines += ["", "OPTIONS"]
            let labels = command.options.map { "--" + $0.name + ($0.value.map { " " + $0 } ?? "") }
            let width = labels.map(\.count).max() ?? 0
            for (label, option) in zip(labels, command.options) {
                lines.append("  " + label.padding(toLength: width) + "   " + option.help)
            }
            lines.append("  " + "-h, --help".padding(toLength: width) + "   Show this help")
        }
        if !command.examples.isEmpty {
            lines += ["", "EXAMPLES"]
            for (example, explanation) in command.examples {
                lines.append("  touchtrace " + example)
                lines.append("      " + explanation)
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}

enum HelpCommand {
    static let command = Command(
        name: "help",
        summary: "Show help for touchtrace or one of its commands",
        usage: "help [COMMAND | scene]",
        discussion: """
        Without a command, lists the commands; with one, shows its usage, options and examples.
        help scene lists every recognizer and control type a scene can name, with its parameters.
        """,
        options: [],
        examples: [("help replay", "Show how to replay a trace."), ("help scene", "List the recognizer and control types and their parameters.")],
        run: run)

    static func run(_ args: ParsedArguments, _ console: Console) -> ExitCode {
        do { try args.expectPositionals(atMost: 1, "the command") } catch {
            console.printError(CommandLineTool.usageMessage(command, error.message))
            return .usage
        }
        guard let name = args.positionals.first else {
            console.print(CommandLineTool.overview())
            return .success
        }
        if name == "scene" {
            console.print(sceneHelp(registry: args.registry))
            return .success
        }
        guard let command = CommandLineTool.commands.first(where: { $0.name == name }) else {
            var message = "touchtrace help: unknown command or topic '\(name)'"
            if let suggestion = closest(name, among: CommandLineTool.commands.map(\.name) + ["scene"]) { message += " (did you mean '\(suggestion)'?)" }
            console.printError(message)
            return .usage
        }
        console.print(CommandLineTool.help(for: command))
        return .success
    }
}

extension HelpCommand {
    /// The scene format and every type of the registry with its parameters, as the types' own
    /// `make` reads them (`ParameterReader.describe`): nothing here is written per type.
    static func sceneHelp(registry: Registry) -> String {
        var lines = [
            "touchtrace help scene — the views, recognizers and controls a scene can hold",
            "",
            "A scene is a list of views, front-most last (docs/scene-format.md):",
            #"  {"views": [{"name": "pad", "frame": [x, y, width, height],"#,
            #"              "recognizers": [{"type": "pan", "minimumDistance": 12}], "control": {"type": "knob"}}]}"#,
            "Frames are in screen points. Names of views, recognizers and controls hold only letters,",
            "digits, '_' and '-'; a recognizer or control is named after its type unless given a \"name\".",
            "Unknown parameters are read past with a warning (errors under validate --strict).",
            "",
            "In a \"version\": 2 trace, a view may hold \"subviews\" (same form, frames in the superview's",
            "points), and every recognizer may also have (the arena, docs/scene-format.md):",
            "  simultaneousWith       names of recognizers it may recognize together with",
            "  requireToFail          names of recognizers that must fail before it may win",
            "  cancelsTouchesInView   true or false; default true",
            "(a name is \"name\" on the same view or \"view.name\"); the scene may say \"recognition\":",
            "\"exclusive\" (the default: no two recognizers that share a touch recognize together) or",
            "\"simultaneous\".",
        ]
        // The types a version 1 scene may not name, from their registration.
        let newer = registry.recognizers.filter { $0.minimumVersion >= 2 }.map(\.name)
        if let last = newer.last {
            lines[lines.count - 1] += " " + (newer.count == 1 ? last : newer.dropLast().joined(separator: ", ") + " and " + last)
                + (newer.count == 1 ? " needs" : " need") + " version 2."
        }
        func describe(_ name: String, _ summary: String, _ parameters: [ParameterDescription]) {
            lines += ["", "  \(name) — \(summary)"]
            if parameters.isEmpty {
                lines.append("      (no parameters)")
                return
            }
            let width = parameters.map(\.key.count).max() ?? 0
            for p in parameters {
                var text = p.kind + (p.unit.map { " (\($0))" } ?? "")
                if let range = p.range { text += ", \(range)" }
                if let value = p.defaultValue { text += "; default \(value)" } else { text += "; optional" }
                lines.append("      " + p.key.padding(toLength: width) + "   " + text)
            }
        }
        lines += ["", "RECOGNIZERS (in a view's \"recognizers\": [{\"type\": TYPE, ...}])"]
        for type in registry.recognizers { describe(type.name, type.summary, ParameterReader.describe(type)) }
        lines += ["", "CONTROLS (a view's \"control\": {\"type\": TYPE, ...}; at most one per view)"]
        for type in registry.controls { describe(type.name, type.summary, ParameterReader.describe(type)) }
        lines += ["", "SCREENS BUILT IN CODE (a whole scene: {\"screen\": NAME}; version 2 traces)"]
        if registry.screens.isEmpty {
            lines.append("  (none: a package registers its own with TouchTraceUIKit's ScreenType.uiKit and runs them from its executable or tests)")
        }
        for screen in registry.screens { lines.append("  \(screen.name) — \(screen.summary)") }
        return lines.joined(separator: "\n")
    }
}

