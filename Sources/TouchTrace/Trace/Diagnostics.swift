#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

/// The line and column at every `stride`-th byte of a file, built once when the first messages
/// of a file need line numbers, so that many messages in a large file cost a short scan each,
/// not a scan from the start. It holds a few bytes per 64 KiB (never an entry per line: a 1 GB
/// trace has millions of lines), and lets the pages of a mapped file go as it passes them.
struct LineIndex {
    /// Bytes between two marks.
    let stride: Int
    /// The 1-based line and column at offset `k * stride`, for every mark `k`.
    private var lines: [Int] = []
    private var columns: [Int] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, stride: Int = 1 << 16, releasingPagesOf source: SourceFile? = nil) {
        self.stride = stride
        var line = 1
        var column = 1
        var from = 0
        var pages = PageRelease(from: 0)
        while true {
            lines.append(line)
            columns.append(column)
            if from >= bytes.count { break }
            let to = min(from + stride, bytes.count)
            (line, column) = LineIndex.advance(line, column, over: from..<to, in: bytes)
            from = to
            if let source { pages.reached(from, in: source) }
        }
        if let source { pages.finish(at: from, in: source) }
    }

    /// The line and column after reading `range` from `line`, `column`: newlines found with
    /// memchr (the C library's, vectorized), columns counted as characters (UTF-8 scalars).
    private static func advance(_ line: Int, _ column: Int, over range: Range<Int>,
                                in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        guard let base = bytes.baseAddress, !range.isEmpty else { return (line, column) }
        var line = line
        var lineStart = -1
        var i = range.lowerBound
        while i < range.upperBound, let found = memchr(base + i, 0x0A, range.upperBound - i) {
            line += 1
            lineStart = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
            i = lineStart
        }
        var column = lineStart < 0 ? column : 1
        for k in max(lineStart, range.lowerBound)..<range.upperBound where bytes[k] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), bytes.count)
        let mark = min(offset / stride, lines.count - 1)
        return LineIndex.advance(lines[mark], columns[mark], over: mark * stride..<offset, in: bytes)
    }
}
