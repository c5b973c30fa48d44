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
