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
        BenchCommand.command,
        HelpCommand.command,
    ]

    /// Runs the tool with `arguments` (the first is the program name, as in `CommandLine.arguments`).
    public static func run(_ arguments: [String], console: Console) -> Int32 {
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
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(args.dropFirst(), options: command.options)
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
            "Exit codes: 0 all good; 1 a difference, a failed fixture or an invalid trace;",
            "2 a usage error or unreadable or malformed input; 70 an internal error.",
            "Run 'touchtrace help <command>' for a command's options.",
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
        usage: "help [COMMAND]",
        discussion: "Without a command, lists the commands; with one, shows its usage, options and examples.",
        options: [],
        examples: [("help replay", "Show how to replay a trace.")],
        run: { args, console in
            guard let name = args.positionals.first else {
                console.print(CommandLineTool.overview())
                return .success
            }
            guard let command = CommandLineTool.commands.first(where: { $0.name == name }) else {
                var message = "touchtrace help: unknown command '\(name)'"
                if let suggestion = closest(name, among: CommandLineTool.commands.map(\.name)) { message += " (did you mean '\(suggestion)'?)" }
                console.printError(message)
                return .usage
            }
            console.print(CommandLineTool.help(for: command))
            return .success
        })
}
