/// A problem with an input file, located at `path:line:column`.
///
/// Every message says what is wrong and, where it helps, what would be right, so that a user can
/// fix the file without reading the source of touchtrace.
public struct TraceError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `PATH:LINE:COLUMN: message`, the form compilers use, so editors can jump to it.
    public var description: String { "\(path):\(line):\(column): \(message)" }
}

/// One or more problems found in an input. Readers stop at the first problem unless asked to
/// collect them all (as `validate` does).
public struct TraceErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [TraceError]

    public init(_ errors: [TraceError]) {
        precondition(!errors.isEmpty, "TraceErrors needs at least one error")
        self.errors = errors
    }

    public init(_ error: TraceError) { self.errors = [error] }

    public var first: TraceError { errors[0] }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// A problem at a byte offset of the file being parsed, before it is given a path and a line.
struct ParseFailure: Error {
    var offset: Int
    var message: String

    /// Not a problem of its own: reading stops because the problems reported so far end it.
    static let stop = ParseFailure(offset: -1, message: "")
    var isStop: Bool { offset < 0 }
}
