/// Collects the problems found while reading one file: the first one ends the reading unless
/// every problem is wanted (`validate`), and then reading goes on to find the rest, up to a limit.
struct Diagnostics {
    let source: SourceFile
    let collectAll: Bool
    /// Unknown keys are reported only when asked (`validate --strict`).
    let reportUnknownKeys: Bool
    private(set) var errors: [TraceError] = []
    private var lines: LineIndex?

    /// Past this many problems in one file the rest are summarised in one line.
    static let limit = 200

    init(source: SourceFile, options: TraceReadOptions) {
        self.source = source
        self.collectAll = options.collectAllProblems
        self.reportUnknownKeys = options.reportUnknownKeys
    }

    mutating func error(at offset: Int, _ message: String) -> TraceError {
        let (line, column): (Int, Int)
        if let lines {
            (line, column) = source.withBytes { lines.location(of: offset, in: $0) }
        } else if located < 4 {
            // A message or two: counting lines up to the offset costs less than indexing the file.
            located += 1
            (line, column) = source.location(of: offset)
        } else {
            let index = source.withBytes { LineIndex($0, releasingPagesOf: source) }
            lines = index
            (line, column) = source.withBytes { index.location(of: offset, in: $0) }
        }
        return TraceError(path: source.path, line: line, column: column, message: message)
    }

    /// Messages located by counting, before the file is indexed.
    private var located = 0

    /// Records a problem; throws unless every problem is wanted and the limit is not reached.
    mutating func report(at offset: Int, _ message: String) throws(TraceErrors) {
        errors.append(error(at: offset, message))
        if !collectAll { throw TraceErrors(errors) }
        if errors.count >= Diagnostics.limit {
            errors.append(error(at: offset, "too many problems (\(Diagnostics.limit)); stopped looking for more"))
            throw TraceErrors(errors)
        }
    }

    /// Ends reading with a problem that makes the rest of the file unreadable (a syntax error).
    mutating func fatal(_ failure: ParseFailure) -> TraceErrors {
        errors.append(error(at: failure.offset, failure.message))
        return TraceErrors(errors)
    }

    /// Throws the collected problems, if any, once reading is over.
    func finish() throws(TraceErrors) {
        if !errors.isEmpty { throw TraceErrors(errors) }
    }
}
