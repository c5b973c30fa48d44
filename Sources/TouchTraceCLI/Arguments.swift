import TouchTrace

/// A command-line option a command accepts.
struct OptionSpec: Sendable {
    var name: String
    /// The placeholder of its value (`FILE`), or nil for a flag.
    var value: String?
    var help: String

    /// `--scene FILE` of the commands that replay a trace: what the user types wins (SPEC 2).
    static let scene = OptionSpec(name: "scene", value: "FILE", help: "Scene to use (wins over the trace's own scene and a scene.json beside it)")
}

/// A usage mistake: the message says what is wrong; the command adds where to read more.
struct UsageError: Error {
    var message: String
}

/// Arguments after the command name, split into positionals, options with values and flags.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    /// The recognizer and control types the command's scenes may name (set by the tool).
    var registry = Registry.standard

    func value(_ name: String) -> String? { values[name] }

    /// The one TRACE of a command that takes exactly one; nil, with the usage message printed,
    /// when there is none or more.
    func oneTrace(of command: Command, _ console: Console) -> String? {
        guard positionals.count == 1 else {
            let message = positionals.isEmpty ? "missing TRACE" : "expected one TRACE, got \(positionals.count) arguments"
            console.printError(CommandLineTool.usageMessage(command, message))
            return nil
        }
        return positionals[0]
    }
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Parses `--name value`, `--name=value`, flags, and `--` (everything after it is positional).
    /// `-h` and `--help` are always flags. A value option takes the next argument only when it
    /// is not an option itself; an option given twice is an error (which of the two was meant
    /// cannot be known).
    init(_ arguments: ArraySlice<String>, options: [OptionSpec]) throws(UsageError) {
        var i = arguments.startIndex
        var onlyPositionals = false
        while i < arguments.endIndex {
            let argument = arguments[i]
            i += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                flags.insert("help")
                continue
            }
            var name = argument
            var inlineValue: String?
            if let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            let bare = String(name.drop(while: { $0 == "-" }))
            guard name.hasPrefix("--"), let spec = options.first(where: { $0.name == bare }) else {
                var message = "unknown option '\(name)'"
                if let suggestion = closest(bare, among: options.map(\.name)) { message += " (did you mean '--\(suggestion)'?)" }
                throw UsageError(message: message)
            }
            if spec.value != nil {
                guard values[bare] == nil else {
                    throw UsageError(message: "option '--\(bare)' is given twice; give it once")
                }
                if let inlineValue {
                    values[bare] = inlineValue
                } else if i < arguments.endIndex, !Self.looksLikeOption(arguments[i]) {
                    values[bare] = arguments[i]
                    i += 1
                } else {
                    // `--output --format jsonl` is a forgotten value, not a file named `--format`
                    // (a value that starts with a dash can be given as `--output=-x`).
                    throw UsageError(message: "option '--\(bare)' needs a value (\(spec.value!))" +
                                     (i < arguments.endIndex ? ", found the option '\(arguments[i])'" : ""))
                }
            } else {
                if inlineValue != nil { throw UsageError(message: "option '--\(bare)' takes no value") }
                guard flags.insert(bare).inserted else {
                    throw UsageError(message: "option '--\(bare)' is given twice; give it once")
                }
            }
        }
    }
}

extension ParsedArguments {
    /// Whether an argument is an option rather than a value: it starts with a dash and is not
    /// `-` (standard input or output) or a negative number.
    static func looksLikeOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        return Double(argument) == nil
    }
}

/// The candidate nearest to `word` by edit distance, if it is near enough to be a likely typo.
func closest(_ word: String, among candidates: [String]) -> String? {
    var best: (String, Int)?
    for candidate in candidates {
        let d = editDistance(Array(word), Array(candidate))
        if d <= max(2, candidate.count / 3), best == nil || d < best!.1 { best = (candidate, d) }
    }
    return best?.0
}

func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
