import TouchTrace

/// Reading option values shared by several commands, with usage errors that say what is allowed.
extension ParsedArguments {
    /// `--tolerance N`: a finite number ≥ 0.
    func tolerance() throws(UsageError) -> Double {
        guard let text = value("tolerance") else { return TranscriptComparison.defaultTolerance }
        guard let v = Double(text), v.isFinite, v >= 0 else {
            throw UsageError(message: "--tolerance must be a number of at least 0, found '\(text)'")
        }
        return v
    }

    /// `--format`: `text` or `jsonl`, the same names in every command (`json` is taken for
    /// `jsonl`: a JSON Lines transcript is JSON, one value a line).
    func format(default fallback: TranscriptFormat = .text) throws(UsageError) -> TranscriptFormat {
        guard let name = value("format") else { return fallback }
        if name == "json" { return .jsonl }
        guard let format = TranscriptFormat(rawValue: name) else {
            throw UsageError(message: "unknown format '\(name)' (text or jsonl)")
        }
        return format
    }

    /// Throws unless there are at most `count` positionals (`help replay extra`).
    func expectPositionals(atMost count: Int, _ what: String) throws(UsageError) {
        guard positionals.count > count else { return }
        let extra = positionals[count...].map { "'\($0)'" }.joined(separator: ", ")
        throw UsageError(message: "unexpected argument\(positionals.count - count == 1 ? "" : "s") \(extra)\(count == 0 ? "" : " after \(what)")")
    }

    /// A positive integer option.
    func positiveInteger(_ name: String, default fallback: Int) throws(UsageError) -> Int {
        guard let text = value(name) else { return fallback }
        guard let v = Int(text), v >= 1 else {
            throw UsageError(message: "--\(name) must be a whole number of at least 1, found '\(text)'")
        }
        return v
    }
}

/// ANSI colour for terminals (never when `NO_COLOR` is set or output is not a terminal).
struct Paint {
    let enabled: Bool

    func red(_ s: String) -> String { enabled ? "\u{1B}[31m\(s)\u{1B}[0m" : s }
    func green(_ s: String) -> String { enabled ? "\u{1B}[32m\(s)\u{1B}[0m" : s }
    func cyan(_ s: String) -> String { enabled ? "\u{1B}[36m\(s)\u{1B}[0m" : s }
    func bold(_ s: String) -> String { enabled ? "\u{1B}[1m\(s)\u{1B}[0m" : s }

    /// A unified diff with removed lines red, added lines green and hunk headers cyan.
    func diff(_ text: String) -> String {
        guard enabled else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("---") || line.hasPrefix("+++") { return bold(String(line)) }
            if line.hasPrefix("-") { return red(String(line)) }
            if line.hasPrefix("+") { return green(String(line)) }
            if line.hasPrefix("@@") { return cyan(String(line)) }
            return String(line)
        }.joined(separator: "\n")
    }
}
